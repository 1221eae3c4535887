// Draws a page description (JSON on stdin, from canvas.py) with jsPDF's standard fonts.
import { writeFileSync } from 'node:fs';

const spec = JSON.parse(await Bun.stdin.text());
// jsPDF is installed outside the project (see the README): FIFTH_NODE_MODULES names its node_modules
const { jsPDF } = await import(`${process.env.FIFTH_NODE_MODULES ?? '/tmp/fifth-tools/node_modules'}/jspdf/dist/jspdf.node.min.js`);
const doc = new jsPDF({ unit: 'mm', format: [spec.width, spec.height], orientation: spec.width > spec.height ? 'l' : 'p', compress: true });
doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
doc.setFileId('00000000000000000000000000000000');
spec.pages.forEach((ops, i) => {
  if (i > 0) doc.addPage([spec.width, spec.height], spec.width > spec.height ? 'l' : 'p');
  for (const op of ops) {
    if (op[0] === 'text') {
      const [, x, y, s, size, bold, grey] = op;
      doc.setFont(spec.family, bold ? 'bold' : 'normal');
      doc.setFontSize(size);
      doc.setTextColor(Math.round(grey * 255));
      doc.text(s, x, y);
    } else if (op[0] === 'line') {
      const [, x1, y1, x2, y2, width, grey] = op;
      doc.setLineWidth(width);
      doc.setDrawColor(Math.round(grey * 255));
      doc.line(x1, y1, x2, y2);
    } else {
      const [, x, y, w, h, fill, stroke] = op;
      doc.setDrawColor(0);
      if (fill !== null) doc.setFillColor(Math.round(fill * 255));
      if (stroke) doc.setLineWidth(stroke);
      doc.rect(x, y, w, h, fill !== null ? (stroke ? 'FD' : 'F') : 'S');
    }
  }
});
writeFileSync(spec.out, Buffer.from(doc.output('arraybuffer')));

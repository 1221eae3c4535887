// Draws a page description (one command a line, tab-separated, millimetres from the top left)
// with Apache PDFBox 1.8, the way a Java report engine prints an invoice.
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import org.apache.pdfbox.pdmodel.*;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.edit.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.*;

public class PdfDraw {
    static final float MM = 72f / 25.4f;

    public static void main(String[] args) throws Exception {
        PDDocument doc = new PDDocument();
        Map<String, PDFont> fonts = new HashMap<>();
        PDPageContentStream cs = null;
        float height = 0;
        BufferedReader in = new BufferedReader(new InputStreamReader(new FileInputStream(args[0]), StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) continue;
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "FONT": fonts.put(f[1], PDTrueTypeFont.loadTTF(doc, new File(f[2]))); break;
                case "PAGE": {
                    if (cs != null) cs.close();
                    PDPage page = new PDPage(new PDRectangle(Float.parseFloat(f[1]) * MM, Float.parseFloat(f[2]) * MM));
                    doc.addPage(page);
                    height = Float.parseFloat(f[2]) * MM;
                    cs = new PDPageContentStream(doc, page);
                    break;
                }
                case "T": case "R": case "C": {
                    // T|R|C font size gray x y text : left, right-aligned or centred at x
                    PDFont font = fonts.get(f[1]);
                    float size = Float.parseFloat(f[2]);
                    float gray = Float.parseFloat(f[3]);
                    float x = Float.parseFloat(f[4]) * MM, y = height - Float.parseFloat(f[5]) * MM;
                    String text = f[6];
                    float w = font.getStringWidth(text) / 1000f * size;
                    if (f[0].equals("R")) x -= w; else if (f[0].equals("C")) x -= w / 2;
                    cs.setNonStrokingColor(new java.awt.Color(gray, gray, gray));
                    cs.beginText();
                    cs.setFont(font, size);
                    cs.moveTextPositionByAmount(x, y);
                    // WinAnsi bytes as a hex string: PDFBox 1.8's drawString would write UTF-16 for the euro sign
                    StringBuilder hex = new StringBuilder("<");
                    for (byte b : text.getBytes("windows-1252")) hex.append(String.format("%02X", b & 0xff));
                    cs.appendRawCommands(hex.append("> Tj\n").toString());
                    cs.endText();
                    break;
                }
                case "L": {
                    cs.setStrokingColor(java.awt.Color.BLACK);
                    cs.setLineWidth(Float.parseFloat(f[5]));
                    cs.drawLine(Float.parseFloat(f[1]) * MM, height - Float.parseFloat(f[2]) * MM, Float.parseFloat(f[3]) * MM, height - Float.parseFloat(f[4]) * MM);
                    break;
                }
                case "BOX": case "FILL": {
                    float x = Float.parseFloat(f[1]) * MM, y = Float.parseFloat(f[2]) * MM, w = Float.parseFloat(f[3]) * MM, h = Float.parseFloat(f[4]) * MM;
                    if (f[0].equals("FILL")) {
                        float g = Float.parseFloat(f[5]);
                        cs.setNonStrokingColor(new java.awt.Color(g, g, g));
                        cs.fillRect(x, height - y - h, w, h);
                    } else {
                        cs.setStrokingColor(java.awt.Color.BLACK);
                        cs.setLineWidth(Float.parseFloat(f[5]));
                        cs.addRect(x, height - y - h, w, h);
                        cs.stroke();
                    }
                    break;
                }
                default: throw new IllegalArgumentException("unknown command " + f[0]);
            }
        }
        if (cs != null) cs.close();
        doc.getDocumentInformation().setProducer("PdfDraw (Apache PDFBox 1.8)");
        doc.save(args[1]);
        doc.close();
    }
}

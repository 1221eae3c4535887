/** Layouts set by classic Unix text tools: groff (-ms with tbl) and enscript (monospaced, like a dot-matrix or receipt printer). */
import { breakdown, dateText, lineNet, money, rateText, type Invoice } from './model';

const qty = (q: number) => (Number.isInteger(q) ? String(q) : String(q).replace('.', ','));
const unit = (p: number) => money(Math.round(p * 100));
const pad = (s: string, n: number) => s.slice(0, n).padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

export const GROFF_LAYOUTS: Record<string, (inv: Invoice) => string> = {
  'groff-letter': (inv) => {
    const b = breakdown(inv);
    return `.nr PS 11
.nr VS 14
.LP
.ft B
${inv.supplier.name}
.ft R
.br
${inv.supplier.lines.join('\n.br\n')}
.br
NIF ${inv.supplier.taxId}
.sp 2
.rj 1
Madrid, ${dateText(inv.date, 'words')}
.sp
${inv.customer.name}
.br
${inv.customer.lines.join('\n.br\n')}
.br
CIF ${inv.customer.taxId}
.sp 2
.LP
Muy señores míos:
.PP
Les remito la factura número ${inv.number} por los trabajos de traducción realizados durante el mes de febrero, con el detalle siguiente.
.TS
center;
l r r r.
Concepto	Cantidad	Precio	Importe
_
${inv.items.map((i) => `${i.desc}	${qty(i.qty)}	${unit(i.price)}	${money(lineNet(i))}`).join('\n')}
_
Base imponible			${money(b.subtotal)}
IVA 21 %			${money(b.vat[0].amount)}
Retención IRPF 15 %			\\-${money(b.withholding[0].amount)}
_
Total a pagar			${money(b.total)} €
.TE
.PP
Ruego transferencia a la cuenta ES21 1465 0100 7219 0012 3456. Atentamente,
.sp 2
${inv.supplier.name}
`;
  },
  'groff-tbl': (inv) => {
    const b = breakdown(inv);
    return `.nr PS 10
.LP
.ce 3
.ps 16
.ft B
${inv.supplier.name}
.ps 10
.ft R
${inv.supplier.lines.join(' \\(em ')} \\(em CIF ${inv.supplier.taxId}
.sp 2
.TS
allbox;
l l.
Factura	${inv.number}
Fecha	${dateText(inv.date, 'dmy/')}
Cliente	${inv.customer.name} (CIF ${inv.customer.taxId})
Dirección	${inv.customer.lines.join(', ')}
.TE
.sp 2
.TS
box center;
l | n | n | n | n.
Descripción	Uds.	Precio	IVA %	Importe
=
${inv.items.map((i) => `${i.desc}	${qty(i.qty)}	${unit(i.price)}	${i.vat}	${money(lineNet(i))}`).join('\n')}
.TE
.sp 2
.TS
box center;
l n n n.
Tipo	Base	Cuota	
_
${b.vat.map((v) => `IVA ${v.rate} %	${money(v.base)}	${money(v.amount)}	`).join('\n')}
_
Total base imponible	${money(b.subtotal)}		
_
\\fBTOTAL FACTURA\\fP			\\fB${money(b.total)} €\\fP
.TE
`;
  },
};

export const ENSCRIPT_LAYOUTS: Record<string, (inv: Invoice) => { text: string; args: string[] }> = {
  'enscript-dotmatrix': (inv) => {
    const b = breakdown(inv);
    const m = (c: number) => money(c, { thousands: '' });
    const L = [
      `${inv.supplier.name.toUpperCase()}`,
      ...inv.supplier.lines.map((l) => l.toUpperCase()),
      `C.I.F.: ${inv.supplier.taxId}          TELF. 963 800 412`,
      '',
      `                                        CLIENTE: 4300218`,
      `                                        ${inv.customer.name.toUpperCase()}`,
      ...inv.customer.lines.map((l) => `                                        ${l.toUpperCase()}`),
      `                                        N.I.F.: ${inv.customer.taxId}`,
      '',
      `FACTURA N.: ${inv.number}     FECHA: ${dateText(inv.date, 'dmy/')}     PAG.: 1`,
      '='.repeat(78),
      `${pad('COD.', 6)}${pad('DESCRIPCION', 30)}${lpad('CANT.', 7)}${lpad('PRECIO', 10)}${lpad('IVA', 5)}${lpad('IMPORTE', 12)}`,
      '-'.repeat(78),
      ...inv.items.map((i) => `${pad(i.ref!, 6)}${pad(i.desc, 30)}${lpad(qty(i.qty), 7)}${lpad(m(Math.round(i.price * 100)), 10)}${lpad(String(i.vat), 5)}${lpad(m(lineNet(i)), 12)}`),
      '-'.repeat(78),
      '', '', '',
      `   BASE IMP.    %IVA    CUOTA IVA    %REC.   CUOTA REC.`,
      ...b.vat.map((v, k) => `${lpad(m(v.base), 12)}${lpad(rateText(v.rate), 8)}${lpad(m(v.amount), 13)}${lpad(rateText(b.surcharge[k].rate), 9)}${lpad(m(b.surcharge[k].amount), 13)}`),
      '',
      `${lpad('TOTAL BASES:', 50)}${lpad(m(b.subtotal), 12)}`,
      `${lpad('TOTAL FACTURA EUROS:', 50)}${lpad(m(b.total), 12)}`,
      '', 'FORMA DE PAGO: RECIBO A 30 DIAS',
    ];
    return { text: `${L.join('\n')}\n`, args: ['--media=A4', '-f', 'Courier10', '--margins=50:40:50:40'] };
  },
  'enscript-ticket': (inv) => {
    const b = breakdown(inv);
    const W = 32;
    const c = (s: string) => s.padStart(Math.floor((W + s.length) / 2)).padEnd(W);
    const row = (l: string, r: string) => `${l}${r.padStart(W - l.length)}`;
    const L = [
      c(inv.supplier.name.toUpperCase()), ...inv.supplier.lines.map(c), c(`NIF: ${inv.supplier.taxId}`), '',
      c('FACTURA SIMPLIFICADA'), `N. ${inv.number}`, `${dateText(inv.date, 'dmy/')}   11:05   DEP: 2`, '-'.repeat(W),
      ...inv.items.map((i) => row(`${i.qty} ${i.desc}`.slice(0, 24), money(lineNet(i)))), '-'.repeat(W),
      row('TOTAL', `${money(b.total)} EUR`), row('EFECTIVO', money(3000)), row('CAMBIO', money(3000 - b.total)), '',
      row('BASE 21%', money(b.subtotal)), row('IVA 21%', money(b.vat[0].amount)), '', c('IVA INCLUIDO'), c('GRACIAS'),
    ];
    return { text: `${L.join('\n')}\n`, args: ['--media=Ticket', '-f', 'Courier9', '--margins=12:12:12:12'] };
  },
};

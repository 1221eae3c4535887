<?php
// Renders one invoice description (JSON: page size, default font, footer, and a list of HTML blocks
// or placed strings) with TCPDF, the way a PHP invoicing program prints: writeHTML for the flow,
// writeHTMLCell for placed blocks, TCPDF's own pagination and page-number aliases.
require_once('/usr/share/php/tcpdf/tcpdf.php');

class InvoicePdf extends TCPDF {
    public $footerText = null;
    public $footerFont = 'helvetica';
    public function Header() {}
    public function Footer() {
        if ($this->footerText === null) return;
        $this->SetY(-12);
        $this->SetFont($this->footerFont, '', 7);
        $text = str_replace(['{n}', '{N}'], [$this->getAliasNumPage(), $this->getAliasNbPages()], $this->footerText);
        $this->Cell(0, 6, $text, 0, 0, 'C');
    }
}

$spec = json_decode(file_get_contents($argv[1]), true);
$pdf = new InvoicePdf('P', 'mm', $spec['size'], true, 'UTF-8', false);
$pdf->SetCreator('TCPDF');
$pdf->SetAuthor($spec['author']);
$pdf->SetTitle($spec['title']);
$pdf->setPrintHeader(false);
$pdf->footerText = $spec['footer'];
$pdf->footerFont = $spec['font'];
$pdf->setPrintFooter($spec['footer'] !== null);
$pdf->SetMargins($spec['margins'][0], $spec['margins'][1], $spec['margins'][2]);
$pdf->SetAutoPageBreak(true, $spec['margins'][3]);
$pdf->setFontSubsetting(true);
$pdf->SetFont($spec['font'], '', $spec['fontsize']);
$pdf->AddPage();
foreach ($spec['ops'] as $op) {
    switch ($op[0]) {
        case 'html':
            $pdf->writeHTML($op[1], true, false, true, false, '');
            break;
        case 'cell': // x, y, width, html
            $pdf->writeHTMLCell($op[3], 0, $op[1], $op[2], $op[4], 0, 0, false, true, '', true);
            break;
        case 'y':
            $pdf->SetY($op[1]);
            break;
        case 'text': // x, y, width, text, font, style, size, align
            $pdf->SetFont($op[5], $op[6], $op[7]);
            $pdf->SetXY($op[1], $op[2]);
            $pdf->Cell($op[3], 0, $op[4], 0, 0, $op[8]);
            $pdf->SetFont($spec['font'], '', $spec['fontsize']);
            break;
        case 'rect': // x, y, w, h, grey fill or null
            if ($op[5] === null) $pdf->Rect($op[1], $op[2], $op[3], $op[4], 'D');
            else $pdf->Rect($op[1], $op[2], $op[3], $op[4], 'F', [], [$op[5], $op[5], $op[5]]);
            break;
    }
}
$pdf->Output($argv[2], 'F');

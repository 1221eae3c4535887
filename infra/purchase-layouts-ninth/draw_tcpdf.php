<?php
// Renders one invoice description (JSON: page size, default font, footer, HTML blocks) with TCPDF,
// the way a PHP invoicing program prints: writeHTML lays out the tables, TCPDF paginates, repeats
// table heads and fills the page-number aliases.
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
foreach ($spec['html'] as $block) {
    $pdf->writeHTML($block, true, false, true, false, '');
}
$pdf->Output($argv[2], 'F');

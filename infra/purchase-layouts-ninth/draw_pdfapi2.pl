#!/usr/bin/perl
# Draws one invoice (JSON: page size in mm and, per page, placed strings, lines and rectangles,
# y measured from the top) with PDF::API2, as an old Perl ERP prints its forms.
use strict;
use warnings;
use JSON::PP;
use PDF::API2;

my $MM = 72 / 25.4;
my $json = do { local $/; open my $fh, '<', $ARGV[0] or die; <$fh> };
my $spec = JSON::PP->new->utf8->decode($json);
my ($width, $height) = @{ $spec->{size} };
my $pdf = PDF::API2->new();
$pdf->info(Title => $spec->{title}, Author => $spec->{author}, Creator => 'PDF::API2');
my $dejavu = '/usr/share/fonts/truetype/dejavu';
# Fonts are loaded on first use: an unused TrueType font would still be embedded whole.
my %font_files = (
    H  => [core => 'Helvetica'], HB => [core => 'Helvetica-Bold'], T => [core => 'Times-Roman'], TB => [core => 'Times-Bold'],
    C  => [core => 'Courier'], CB => [core => 'Courier-Bold'],
    DC => [tt => "$dejavu/DejaVuSansCondensed.ttf"], DCB => [tt => "$dejavu/DejaVuSansCondensed-Bold.ttf"],
);
my %fonts;
sub font_for {
    my ($key) = @_;
    return $fonts{$key} //= do {
        my ($kind, $name) = @{ $font_files{$key} };
        $kind eq 'core' ? $pdf->corefont($name, -encode => 'cp1252') : $pdf->ttfont($name);
    };
}
for my $ops (@{ $spec->{pages} }) {
    my $page = $pdf->page();
    $page->mediabox($width * $MM, $height * $MM);
    my $gfx = $page->gfx();
    my $text = $page->text();
    for my $op (@$ops) {
        my @o = @$op;
        if ($o[0] eq 't') {
            my (undef, $x, $y, $string, $font, $size, $align, $grey) = @o;
            $text->font(font_for($font), $size);
            $text->fillcolor(sprintf('#%02x%02x%02x', (($grey // 0) * 255) x 3));
            my $w = $text->advancewidth($string);
            my $left = $align eq 'r' ? $x * $MM - $w : $align eq 'c' ? $x * $MM - $w / 2 : $x * $MM;
            $text->translate($left, ($height - $y) * $MM);
            $text->text($string);
        } elsif ($o[0] eq 'line') {
            my (undef, $x1, $y1, $x2, $y2, $lw, $grey) = @o;
            $gfx->linewidth($lw);
            $gfx->strokecolor(sprintf('#%02x%02x%02x', ($grey * 255) x 3));
            $gfx->move($x1 * $MM, ($height - $y1) * $MM);
            $gfx->line($x2 * $MM, ($height - $y2) * $MM);
            $gfx->stroke();
        } elsif ($o[0] eq 'rect') {
            my (undef, $x, $y, $w, $h, $lw, $grey, $fill) = @o;
            $gfx->rect($x * $MM, ($height - $y - $h) * $MM, $w * $MM, $h * $MM);
            if (defined $fill) {
                $gfx->fillcolor(sprintf('#%02x%02x%02x', ($fill * 255) x 3));
                $gfx->strokecolor(sprintf('#%02x%02x%02x', ($grey * 255) x 3));
                $gfx->linewidth($lw || 0.001);
                $lw > 0 ? $gfx->fillstroke() : $gfx->fill();
            } else {
                $gfx->linewidth($lw);
                $gfx->strokecolor(sprintf('#%02x%02x%02x', ($grey * 255) x 3));
                $gfx->stroke();
            }
        }
    }
}
$pdf->saveas($ARGV[1]);

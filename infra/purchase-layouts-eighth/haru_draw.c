/* Draws a page description (haru ops, one operation a line, tab-separated, cp1252) with libharu:
   P w h | T font size gray align x y text | L x1 y1 x2 y2 width gray | R x y w h fill stroke gray */
#include <hpdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void on_error(HPDF_STATUS error, HPDF_STATUS detail, void *data) {
  fprintf(stderr, "libharu error %04X detail %u\n", (unsigned)error, (unsigned)detail);
  exit(1);
}

static char *field(char **cursor) {
  char *start = *cursor, *tab = strchr(start, '\t');
  if (tab) { *tab = 0; *cursor = tab + 1; } else { *cursor = start + strlen(start); }
  return start;
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: haru_draw ops.txt out.pdf\n"); return 2; }
  FILE *in = fopen(argv[1], "rb");
  if (!in) { perror(argv[1]); return 1; }
  HPDF_Doc pdf = HPDF_New(on_error, NULL);
  HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL);
  HPDF_SetInfoAttr(pdf, HPDF_INFO_CREATOR, "facturacion");
  HPDF_Page page = NULL;
  char buffer[4096];
  while (fgets(buffer, sizeof buffer, in)) {
    buffer[strcspn(buffer, "\r\n")] = 0;
    char *cursor = buffer, *kind = field(&cursor);
    if (!strcmp(kind, "P")) {
      page = HPDF_AddPage(pdf);
      HPDF_Page_SetWidth(page, atof(field(&cursor)));
      HPDF_Page_SetHeight(page, atof(field(&cursor)));
    } else if (!strcmp(kind, "T")) {
      const char *name = field(&cursor);
      float size = atof(field(&cursor)), gray = atof(field(&cursor));
      const char *align = field(&cursor);
      float x = atof(field(&cursor)), y = atof(field(&cursor));
      const char *text = cursor;
      HPDF_Font font = HPDF_GetFont(pdf, name, "WinAnsiEncoding");
      HPDF_Page_SetFontAndSize(page, font, size);
      HPDF_Page_SetGrayFill(page, gray);
      float width = HPDF_Page_TextWidth(page, text);
      if (align[0] == 'r') x -= width; else if (align[0] == 'c') x -= width / 2;
      HPDF_Page_BeginText(page);
      HPDF_Page_TextOut(page, x, y, text);
      HPDF_Page_EndText(page);
    } else if (!strcmp(kind, "L")) {
      float x1 = atof(field(&cursor)), y1 = atof(field(&cursor)), x2 = atof(field(&cursor)), y2 = atof(field(&cursor));
      float width = atof(field(&cursor)), gray = atof(field(&cursor));
      HPDF_Page_SetLineWidth(page, width);
      HPDF_Page_SetGrayStroke(page, gray);
      HPDF_Page_MoveTo(page, x1, y1);
      HPDF_Page_LineTo(page, x2, y2);
      HPDF_Page_Stroke(page);
    } else if (!strcmp(kind, "R")) {
      float x = atof(field(&cursor)), y = atof(field(&cursor)), w = atof(field(&cursor)), h = atof(field(&cursor));
      float fill = atof(field(&cursor)), stroke = atof(field(&cursor)), gray = atof(field(&cursor));
      if (fill >= 0) HPDF_Page_SetGrayFill(page, fill);
      if (stroke > 0) { HPDF_Page_SetLineWidth(page, stroke); HPDF_Page_SetGrayStroke(page, gray); }
      HPDF_Page_Rectangle(page, x, y, w, h);
      if (fill >= 0 && stroke > 0) HPDF_Page_FillStroke(page);
      else if (fill >= 0) HPDF_Page_Fill(page);
      else HPDF_Page_Stroke(page);
    }
  }
  fclose(in);
  if (HPDF_SaveToFile(pdf, argv[2]) != HPDF_OK) return 1;
  HPDF_Free(pdf);
  return 0;
}

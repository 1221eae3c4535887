# Draws one invoice (JSON: page size in mm and, per page, placed strings, boxes of wrapped text,
# lines and rectangles, y measured from the top) with Prawn, as a Ruby web application prints.
require 'json'
require 'prawn'

MM = 72.0 / 25.4
Prawn::Fonts::AFM.hide_m17n_warning = true
spec = JSON.parse(File.read(ARGV[0]))
width, height = spec['size']
doc = Prawn::Document.new(page_size: [width * MM, height * MM], margin: 0,
                          info: { Title: spec['title'], Author: spec['author'], Creator: 'Prawn' })
dejavu = '/usr/share/fonts/truetype/dejavu'
liberation = '/usr/share/fonts/truetype/liberation'
doc.font_families.update(
  'DejaVu' => { normal: "#{dejavu}/DejaVuSans.ttf", bold: "#{dejavu}/DejaVuSans-Bold.ttf" },
  'DejaVuMono' => { normal: "#{dejavu}/DejaVuSansMono.ttf", bold: "#{dejavu}/DejaVuSansMono-Bold.ttf" },
  'LiberationSerif' => { normal: "#{liberation}/LiberationSerif-Regular.ttf", bold: "#{liberation}/LiberationSerif-Bold.ttf" }
)
FONTS = { 'H' => ['Helvetica', :normal], 'HB' => ['Helvetica', :bold],
          'DV' => ['DejaVu', :normal], 'DVB' => ['DejaVu', :bold], 'DM' => ['DejaVuMono', :normal],
          'DMB' => ['DejaVuMono', :bold], 'LS' => ['LiberationSerif', :normal], 'LSB' => ['LiberationSerif', :bold] }.freeze

def grey(level)
  hex = format('%02X', (level * 255).round)
  hex * 3
end

spec['pages'].each_with_index do |ops, index|
  doc.start_new_page unless index.zero?
  ops.each do |op|
    case op[0]
    when 't' # x, y (baseline), text, font, size, align, grey
      _, x, y, text, font, size, align, level = op
      family, style = FONTS.fetch(font)
      doc.font(family, style: style, size: size) do
        doc.fill_color grey(level || 0)
        w = doc.width_of(text)
        left = align == 'r' ? x * MM - w : align == 'c' ? x * MM - w / 2 : x * MM
        doc.draw_text text, at: [left, (height - y) * MM]
        doc.fill_color '000000'
      end
    when 'box' # x, y (top), w, h, text, font, size, align, leading
      _, x, y, w, h, text, font, size, align, leading = op
      family, style = FONTS.fetch(font)
      doc.font(family, style: style, size: size) do
        doc.text_box text, at: [x * MM, (height - y) * MM], width: w * MM, height: h * MM,
                           align: { 'l' => :left, 'r' => :right, 'c' => :center, 'j' => :justify }[align],
                           leading: leading || 0, overflow: :shrink_to_fit
      end
    when 'line' # x1, y1, x2, y2, width, grey
      _, x1, y1, x2, y2, lw, level = op
      doc.stroke_color grey(level)
      doc.line_width = lw
      doc.stroke_line [x1 * MM, (height - y1) * MM], [x2 * MM, (height - y2) * MM]
    when 'rect' # x, y (top), w, h, line width (0 none), stroke grey, fill grey or nil
      _, x, y, w, h, lw, level, fill = op
      unless fill.nil?
        doc.fill_color grey(fill)
        doc.fill_rectangle [x * MM, (height - y) * MM], w * MM, h * MM
        doc.fill_color '000000'
      end
      if lw.positive?
        doc.stroke_color grey(level)
        doc.line_width = lw
        doc.stroke_rectangle [x * MM, (height - y) * MM], w * MM, h * MM
      end
    end
  end
end
doc.render_file ARGV[1]

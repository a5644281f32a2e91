import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-file.js';
import { caseHtmlReport, casePictures } from '../pictures/case-pictures.js';

/**
 * Writes a case's pictures (one SVG each) and `report.html` (the pictures and the text report) into `dir`,
 * atomically; returns the HTML file, or null when the case draws no picture. The pictures only draw (strings);
 * the command writes them, so pictures/ needs no file code.
 */
export function writeCasePictures(dir: string, name: string, report: unknown, text: string): string | null {
  const pictures = casePictures(report);
  if (pictures.length === 0) return null;
  for (const p of pictures) writeFileAtomic(join(dir, p.file), p.svg);
  const html = join(dir, 'report.html');
  writeFileAtomic(html, caseHtmlReport(name, pictures, text));
  return html;
}

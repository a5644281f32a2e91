/**
 * @tombstone-lab/bench/svg — the SVG primitives bench's plots are drawn with, for tools that draw plots of their own
 * beside bench's (the harness's stress and case pictures): scales and round ticks, wrapped text, axes, and a
 * document whose colours follow the reader's light or dark scheme. Pure functions over strings, no Node built-ins.
 */

export {
  type Axis,
  axis,
  CHAR_EM,
  escapeXml,
  formatTick,
  rotatedLabel,
  SERIES_COLORS,
  scale,
  svgDocument,
  svgNumber,
  svgText,
  type TextBlockOptions,
  THEME_CSS,
  textBlock,
  wrapLabel,
  xTicks,
  yTicks,
} from './report/svg-kit.js';

import * as vscode from 'vscode';
import { type BenchSettings, parseSettings } from '../model/runner-args.js';

/** Which inline surface shows verdicts: CodeLenses above the benchmark, text after its line, or both. */
export type InlineSurface = 'codeLens' | 'decoration' | 'both';

/** Which inline surfaces to draw and how the Test Explorer grades a Lost benchmark. */
export interface SurfaceSettings {
  codeLens: boolean;
  decorations: boolean;
  lostFails: boolean;
  baselineRef: string;
}

const section = () => vscode.workspace.getConfiguration('tombstoneBench');

/** The measurement settings, validated. @throws {SettingsError} naming the bad setting and value. */
export function benchSettings(): BenchSettings {
  const c = section();
  const keys = ['sampling', 'samplesPerSide', 'warmupMs', 'sampleMs', 'metric', 'threshold', 'alpha'];
  return parseSettings(Object.fromEntries(keys.map((k) => [k, c.get<unknown>(k)])));
}

/** The surface settings (an unknown `inline.show` value reads as the default, CodeLens only). */
export function surfaceSettings(): SurfaceSettings {
  const c = section();
  const show = c.get<unknown>('inline.show');
  const surface: InlineSurface = show === 'decoration' || show === 'both' ? show : 'codeLens';
  const ref = c.get<unknown>('baselineRef');
  return {
    codeLens: surface !== 'decoration',
    decorations: surface !== 'codeLens',
    lostFails: c.get<unknown>('testing.lostFails') !== false,
    baselineRef: typeof ref === 'string' ? ref : '',
  };
}

import * as vscode from 'vscode';
import { type BenchSettings, parseSettings } from '../model/runner-args.js';

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
  const keys = ['samplesPerSide', 'warmupMs', 'sampleMs', 'metric', 'threshold', 'alpha'];
  return parseSettings(Object.fromEntries(keys.map((k) => [k, c.get<unknown>(k)])));
}

/** The surface settings (booleans default to on when a setting holds a non-boolean). */
export function surfaceSettings(): SurfaceSettings {
  const c = section();
  const flag = (k: string) => c.get<unknown>(k) !== false;
  const ref = c.get<unknown>('baselineRef');
  return {
    codeLens: flag('inline.codeLens'),
    decorations: flag('inline.decorations'),
    lostFails: flag('testing.lostFails'),
    baselineRef: typeof ref === 'string' ? ref : '',
  };
}

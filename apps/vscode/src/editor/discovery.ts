/**
 * Finds the workspace's benchmarks for the Test Explorer: `tombstone-bench list --json` per runner (trusted
 * workspaces only: it executes the workspace's runner), the runner's scanner on file contents otherwise, and the
 * live text of open bench files on top (reconciled by key, see {@link reconcile}). A file watcher re-lists when a
 * bench file is created, changed or deleted outside the editor (a `git checkout`, a generator, another tool).
 */
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { BENCH_GLOB } from '../model/bench-files.js';
import { type ListedSuite, parseList } from '../model/protocol.js';
import { type BenchmarkSite, reconcile, sitesInText } from '../model/source-map.js';
import { runCommand } from '../runner/processes.js';
import { isBenchDocument } from './site-cases.js';
import { runnerFor } from './workspace-runner.js';

async function listWith(bin: string, cwd: string, files: string[]): Promise<ListedSuite[]> {
  const r = await runCommand(bin, ['list', '--json', ...files], { cwd, timeoutMs: 30_000 });
  // Exit 1 with a listing: some file failed to load, and its loadError is in the listing itself.
  const listed = r.exitCode === 0 || (r.exitCode === 1 && r.stdout.trim().startsWith('{'));
  if (!listed) {
    const why = r.stderr.trim() || r.error?.message || `exit code ${r.exitCode}`;
    throw new Error(`the runner could not list it: ${why}`);
  }
  return parseList(r.stdout);
}

/** Why a file's benchmarks come from the syntactic scan, in one line (the Test Explorer shows it on the file). */
const fallbackReason = (why: string) =>
  `found by a syntactic scan only: ${why.split('\n').find((l) => l.trim()) ?? why}`;

/** Discovered benchmarks, refreshed on save and (live) on edit. */
export class Discovery implements vscode.Disposable {
  private listed: ListedSuite[] = [];
  private readonly live = new Map<string, BenchmarkSite[]>();
  private readonly subs: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private relist: NodeJS.Timeout | undefined;

  /** Files listed by the scan instead of the runner, and why. */
  private reasons = new Map<string, string>();

  constructor(
    private readonly publish: (
      sites: Map<string, BenchmarkSite[]>,
      reasons: ReadonlyMap<string, string>,
    ) => void,
    private readonly log: vscode.OutputChannel,
  ) {
    const onDoc = (doc: vscode.TextDocument) => {
      if (!isBenchDocument(doc)) return;
      this.live.set(doc.uri.fsPath, sitesInText(doc.uri.fsPath, doc.getText()));
      this.schedule();
    };
    this.subs.push(
      vscode.workspace.onDidOpenTextDocument(onDoc),
      vscode.workspace.onDidChangeTextDocument((e) => onDoc(e.document)),
      vscode.workspace.onDidSaveTextDocument((d) => isBenchDocument(d) && void this.refresh()),
      vscode.workspace.onDidCloseTextDocument((d) => this.live.delete(d.uri.fsPath) && this.schedule()),
    );
    const watcher = vscode.workspace.createFileSystemWatcher(BENCH_GLOB);
    const outside = (uri: vscode.Uri) => {
      if (/[\\/](?:node_modules|dist)[\\/]/.test(uri.fsPath)) return;
      // Several files change at once on a checkout: list once when they have settled.
      clearTimeout(this.relist);
      this.relist = setTimeout(() => void this.refresh(), 300);
    };
    this.subs.push(
      watcher,
      watcher.onDidCreate(outside),
      watcher.onDidChange(outside),
      watcher.onDidDelete(outside),
    );
    for (const doc of vscode.workspace.textDocuments) onDoc(doc);
  }

  /** Re-lists every bench file of the workspace. */
  async refresh(): Promise<void> {
    const uris = await vscode.workspace.findFiles(BENCH_GLOB, '**/{node_modules,dist}/**');
    const files = uris.map((u) => u.fsPath).sort();
    this.reasons = new Map();
    this.listed = vscode.workspace.isTrusted ? await this.listTrusted(files) : await this.scan(files);
    this.schedule();
  }

  private async listTrusted(files: string[]): Promise<ListedSuite[]> {
    const groups = new Map<string, { cwd: string; files: string[] }>();
    const unlisted: string[] = [];
    for (const f of files) {
      try {
        const r = runnerFor(f);
        const g = groups.get(r.bin) ?? { cwd: r.cwd, files: [] };
        g.files.push(f);
        groups.set(r.bin, g);
      } catch {
        unlisted.push(f);
      }
    }
    const out: ListedSuite[] = await this.scan(unlisted);
    for (const [bin, g] of groups) {
      try {
        out.push(...(await this.loaded(await listWith(bin, g.cwd, g.files))));
      } catch (e) {
        this.log.appendLine(`[extension] ${(e as Error).message}; listing the files one by one`);
        out.push(...(await this.listEach(bin, g.cwd, g.files)));
      }
    }
    return out;
  }

  /**
   * One broken bench file fails the whole listing: each file is listed alone, so only the broken one falls back to
   * the scan, and says why (it was the healthy files' Test Explorer items that went without a reason).
   */
  private async listEach(bin: string, cwd: string, files: string[]): Promise<ListedSuite[]> {
    const out: ListedSuite[] = [];
    for (const f of files) {
      try {
        out.push(...(await this.loaded(await listWith(bin, cwd, [f]))));
      } catch (e) {
        this.reasons.set(f, fallbackReason((e as Error).message));
        out.push(...(await this.scan([f])));
      }
    }
    return out;
  }

  /** A listed file the runner could not load is scanned instead, with the runner's reason. */
  private async loaded(suites: ListedSuite[]): Promise<ListedSuite[]> {
    const broken = suites.filter((s) => s.loadError);
    for (const s of broken)
      this.reasons.set(s.file, fallbackReason(`the runner could not load it: ${s.loadError}`));
    const scanned = await this.scan(broken.map((s) => s.file));
    return [...suites.filter((s) => !s.loadError), ...scanned];
  }

  /** The fallback: the runner's scanner on each file's saved text, nothing executed. */
  private async scan(files: string[]): Promise<ListedSuite[]> {
    return Promise.all(
      files.map(async (file) => {
        const sites = sitesInText(file, await readFile(file, 'utf8'));
        return { file, suite: sites[0]?.suite ?? null, benchmarks: sites };
      }),
    );
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.publish(reconcile(this.listed, this.live), this.reasons), 200);
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.relist);
    for (const s of this.subs) s.dispose();
  }
}

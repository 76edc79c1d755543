/** `--name value` and bare `--flag` command-line options; numbers accept 100000, 100_000 or 100k. */
export function parseArgs(argv: string[]): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) out.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) {
      out.set(name, next);
      i++;
    } else out.set(name, true);
  }
  return out;
}

export function numberArg(args: Map<string, string | true>, name: string, fallback: number): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  if (raw === true) throw new Error(`--${name} needs a value`);
  const match = /^(\d+(?:\.\d+)?)(k|m)?$/i.exec(raw.replaceAll('_', ''));
  if (!match) throw new Error(`--${name} must be a number, got ${raw}`);
  const scale = match[2]?.toLowerCase() === 'm' ? 1_000_000 : match[2]?.toLowerCase() === 'k' ? 1_000 : 1;
  return Math.round(Number(match[1]) * scale);
}

export function stringArg(args: Map<string, string | true>, name: string): string | undefined {
  const raw = args.get(name);
  return typeof raw === 'string' ? raw : undefined;
}

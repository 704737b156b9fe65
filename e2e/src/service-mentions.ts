/**
 * Finds the places that would have to change when a service is added: a service's port written out, or a
 * hand-made list of the services (several service names as keys, strings or alternatives close together).
 */

export interface ServiceMention {
  file: string;
  line: number;
  what: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * Where `name` stands as a name of its own: quoted (`'share'`, `"share"`), as a key (`share:`), or as one of
 * `|`-separated alternatives (`edge|share`); not inside a longer word, path or package name (`@obp/share`, `share.events.v1`).
 */
function nameTokens(text: string, name: string): number[] {
  const n = escape(name);
  const pattern = new RegExp(`(?:['"\`]${n}['"\`])|(?:(?<![\\w@/.$-])${n}(?=\\s*:(?!:)))|(?:(?<=\\|)${n}(?![\\w.-]))|(?:(?<![\\w@/.$-])${n}(?=\\|))`, 'g');
  return [...text.matchAll(pattern)].map((m) => m.index!);
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * The service ports (`ports`, as numbers of their own) a file's text names, and each run of at least
 * `listSize` distinct service names within `window` characters: a list of the services.
 */
export function serviceMentions(file: string, text: string, names: readonly string[], ports: readonly number[], { listSize = 4, window = 600 } = {}): ServiceMention[] {
  const found: ServiceMention[] = [];
  for (const port of ports) {
    for (const m of text.matchAll(new RegExp(`(?<![\\w.])${port}(?![\\w])`, 'g'))) found.push({ file, line: lineOf(text, m.index!), what: `the port ${port}` });
  }
  const tokens = names.flatMap((name) => nameTokens(text, name).map((index) => ({ name, index }))).sort((a, b) => a.index - b.index);
  for (let i = 0; i < tokens.length; i++) {
    const near = new Set(tokens.filter((t) => t.index >= tokens[i]!.index && t.index < tokens[i]!.index + window).map((t) => t.name));
    if (near.size >= listSize) {
      found.push({ file, line: lineOf(text, tokens[i]!.index), what: `a list of services (${[...near].join(', ')})` });
      // One report per list: go on after it.
      const end = tokens[i]!.index + window;
      while (i + 1 < tokens.length && tokens[i + 1]!.index < end) i++;
    }
  }
  return found;
}

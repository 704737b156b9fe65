import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { scanXml } from './xml-scanner';

type XmlEvent = ['open', string, Record<string, string>] | ['text', string] | ['close'];

/** Texts between two tags joined: how a reader splits them is its own business. */
function push(events: XmlEvent[], event: XmlEvent): void {
  const last = events[events.length - 1];
  if (event[0] === 'text' && last?.[0] === 'text') last[1] += event[1];
  else events.push(event);
}

/** What saxes reports, inside the root; 'refused' where it finds the XML not well-formed or meets a DOCTYPE (the camt reader refuses it). */
function bySaxes(xml: string): XmlEvent[] | 'refused' {
  const events: XmlEvent[] = [];
  let depth = 0;
  let doctype = false;
  const parser = new SaxesParser({ position: false });
  parser.on('doctype', () => (doctype = true));
  parser.on('opentag', (tag) => {
    depth++;
    push(events, ['open', tag.name, { ...(tag.attributes as Record<string, string>) }]);
  });
  parser.on('text', (text) => depth > 0 && push(events, ['text', text]));
  parser.on('cdata', (text) => push(events, ['text', text]));
  parser.on('closetag', () => {
    depth--;
    push(events, ['close']);
  });
  try {
    parser.write(xml).close();
  } catch {
    return 'refused';
  }
  return doctype ? 'refused' : events;
}

/** What the scanner reports; 'declined' when it leaves the file to saxes. */
function byScanner(xml: string): XmlEvent[] | 'declined' {
  const events: XmlEvent[] = [];
  const read = scanXml(xml, {
    open: (name, attributes) => push(events, ['open', name, { ...(attributes ?? {}) }]),
    text: (text) => push(events, ['text', text]),
    close: () => push(events, ['close']),
  });
  return read ? events : 'declined';
}

const fixtures = join(__dirname, 'fixtures');
const camtFiles = readdirSync(fixtures)
  .filter((name) => !name.startsWith('hostile'))
  .map((name) => readFileSync(join(fixtures, name), 'utf8'));

describe('scanXml: what it reads, it reads as saxes does', () => {
  it.each(camtFiles.map((xml, n) => [n, xml]))('reads camt fixture %i with the events saxes reports', (_, xml) => {
    const events = byScanner(xml);
    expect(events).not.toBe('declined');
    expect(events).toEqual(bySaxes(xml));
  });

  it.each([
    ['the five entities and character references', '<a>x &amp; y &lt;z&gt; &quot;q&quot; &apos;s&apos; &#233;&#xE9; &#x1F600;</a>'],
    ['CDATA beside text', '<a>one <![CDATA[<two> & ]] three]]> four</a>'],
    ['line ends in text, and a carriage return by reference kept', '<a>one\r\ntwo\rthree&#13;four</a>'],
    ['attributes: both quotes, whitespace around =, line ends and tabs as spaces, entities', '<a b = "1\r\n2\t3" c=\'x&amp;y&#10;z\' d="&gt;"/>'],
    ['a prefixed root with namespace declarations', '<c:Document xmlns:c="urn:x" xmlns="urn:y"><c:A>1</c:A><B/></c:Document>'],
    ['an XML declaration, comments before, inside and after the root, and whitespace around', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- head -->\n<a><!-- in -->x<b>y</b></a>\n<!-- tail -->\n'],
    ['an end tag with whitespace before >', '<a><b>1</b  ></a\n>'],
    ['names with dots, dashes, digits and underscores', '<_a.b-1><c-d.e_2 f.g-h="1"/></_a.b-1>'],
    ['text with > and ]]', '<a>a > b ]] c</a>'],
    ['references and line ends only in texts after others without, and in attributes between', '<a><b>x</b><c d="&amp;">y</c><e>1 &amp; 2</e><f>3</f><g>4\r\n5</g><h>6</h><i>7 &lt; 8\r9</i></a>'],
  ])('reads %s as saxes does', (_, xml) => {
    const events = byScanner(xml);
    expect(events).not.toBe('declined');
    expect(events).toEqual(bySaxes(xml));
  });
});

describe('scanXml: what is not well-formed, or not read here, is left to saxes', () => {
  it.each([
    ['a DOCTYPE', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['an undeclared entity', '<a>&nbsp;</a>'],
    ['an entity named as an object property', '<a>&constructor;</a>'],
    ['a bare ampersand', '<a>fish & chips</a>'],
    ['a reference to a character XML does not allow', '<a>&#0;</a>'],
    ['a character XML does not allow', '<a>\u0001</a>'],
    ['a lone surrogate', '<a>\ud800</a>'],
    ['a processing instruction', '<a><?pi x?></a>'],
    ['a second XML declaration after a comment', '<!-- x --><?xml version="1.0"?><a/>'],
    ['XML 1.1', '<?xml version="1.1"?><a/>'],
    ['a mismatched end tag', '<a><b></a></b>'],
    ['an end tag longer than its start tag', '<a><b></bc></a>'],
    ['an end tag with no start tag', '<a></a></b>'],
    ['a file cut off in an element', '<a><b>1</b>'],
    ['a file cut off in a tag', '<a><b c="1"'],
    ['a file cut off in a comment', '<a/><!-- x'],
    ['two roots', '<a/><b/>'],
    ['text before the root', 'x<a/>'],
    ['text after the root', '<a/>x'],
    ['no root', '<!-- only -->'],
    [']]> in text', '<a>x ]]> y</a>'],
    [']]> in a text after texts without', '<a><b>x</b><c>y</c><d>z ]]> w</d></a>'],
    [']]> in a text after a CDATA section that ends with one', '<a><b><![CDATA[x]]></b><c>y ]]> z</c></a>'],
    ['-- in a comment', '<a><!-- x -- y --></a>'],
    ['a duplicate attribute', '<a b="1" b="2"/>'],
    ['attributes without whitespace between', '<a b="1"c="2"/>'],
    ['an attribute without value', '<a b/>'],
    ['an unquoted attribute', '<a b=1/>'],
    ['< in an attribute', '<a b="<"/>'],
    ['a name starting with a digit', '<1a/>'],
    ['a name outside ASCII (well-formed, read by saxes)', '<Straße/>'],
    ['a byte order mark (left to saxes)', '\ufeff<a/>'],
    ['CDATA outside the root', '<![CDATA[x]]><a/>'],
  ])('declines %s', (_, xml) => {
    expect(byScanner(xml)).toBe('declined');
  });

  /** A small deterministic generator, so that a failure can be run again. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
  }

  it('never reads a damaged camt file differently from saxes: each of 1,500 files with a character deleted, doubled or replaced', () => {
    const whole = camtFiles[0]!;
    const next = random(26);
    const replacements = ['<', '>', '/', '&', '"', "'", '=', ' ', '!', '?', ']', '-', 'x', ':', '\u0000', ';', '#'];
    let read = 0;
    for (let n = 0; n < 1_500; n++) {
      const at = Math.floor(next() * whole.length);
      const kind = Math.floor(next() * 3);
      const damaged =
        kind === 0 ? whole.slice(0, at) + whole.slice(at + 1) : kind === 1 ? whole.slice(0, at) + whole[at] + whole.slice(at) : whole.slice(0, at) + replacements[Math.floor(next() * replacements.length)] + whole.slice(at + 1);
      const scanned = byScanner(damaged);
      if (scanned === 'declined') continue;
      read++;
      expect([n, scanned]).toEqual([n, bySaxes(damaged)]);
    }
    // Most damage lands in text, which stays well-formed: the comparison above ran on most files.
    expect(read).toBeGreaterThan(500);
  });
});

/**
 * The page text format of SitePageContent.body: a line starting with "## " is a subheading, consecutive lines
 * starting with "- " form a list, and other lines form paragraphs separated by blank lines. Parsed into blocks
 * that render as elements with the text as text; nothing in it is ever read as HTML.
 */
export type PageTextBlock =
  { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

export function parsePageText(body: string): PageTextBlock[] {
  const blocks: PageTextBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const rawLine of body.split(/\r\n?|\n/)) {
    const line = rawLine.trim();
    if (line === '') {
      flush();
    } else if (line.startsWith('## ') || line === '##') {
      flush();
      const text = line.slice(2).trim();
      if (text) blocks.push({ kind: 'heading', text });
    } else if (line.startsWith('- ') || line === '-') {
      if (paragraph.length > 0) flush();
      const item = line.slice(1).trim();
      if (item) list.push(item);
    } else {
      // A line right after a list starts a new paragraph.
      if (list.length > 0) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

// html-to-text 10 ships no types (DefinitelyTyped's are for 9): the one call the inbound mail worker makes.
declare module 'html-to-text' {
  export interface HtmlToTextOptions {
    wordwrap?: number | false;
  }
  export function convert(html: string, options?: HtmlToTextOptions): string;
}

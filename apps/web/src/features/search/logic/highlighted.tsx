import { highlight } from './highlight.ts';

/** Text with the search tokens wrapped in <mark> (no library markup, so it works in both layouts). */
export function Highlighted({ text, tokens }: { text: string; tokens: string[] }) {
  return (
    <>
      {highlight(text, tokens).map((s, i) =>
        s.hit ? (
          <mark key={i} className="sh-hit">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

/** Agreement texts are plain text: paragraphs are separated by blank lines, line breaks kept. */
export function paragraphs(content: string): string[] {
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * A strict RFC 4180 reader for tests: quoted fields may hold commas, quotes ("") and line
 * breaks; records end in CRLF. It throws on anything else, so a test cannot pass on a file a
 * spreadsheet would misread.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < text.length) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== "," && next !== "\r") {
          throw new Error(
            `unexpected ${JSON.stringify(next)} after a closing quote at ${String(i)}`,
          );
        }
        continue;
      }
      field += char;
      i += 1;
      continue;
    }
    if (char === '"') {
      if (fieldStarted) throw new Error(`a quote inside an unquoted field at ${String(i)}`);
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (char === ",") {
      record.push(field);
      field = "";
      fieldStarted = false;
      i += 1;
    } else if (char === "\r") {
      if (text[i + 1] !== "\n") throw new Error(`a bare CR at ${String(i)}`);
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      fieldStarted = false;
      i += 2;
    } else if (char === "\n") {
      throw new Error(`a bare LF at ${String(i)}`);
    } else {
      field += char;
      fieldStarted = true;
      i += 1;
    }
  }
  if (quoted) throw new Error("an unterminated quoted field");
  if (fieldStarted || record.length > 0) throw new Error("the last record does not end in CRLF");
  return records;
}

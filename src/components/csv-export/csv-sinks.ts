/** Where a CSV goes, page after page: a file on disk, a list of Blobs, or a test's memory. */
export interface CsvSink {
  write: (chunk: string) => Promise<void>;
  /** Every page is written: finish the file. */
  close: () => Promise<void>;
  /** Cancelled or failed: throw away what was written. */
  abort: () => Promise<void>;
}

const CSV_TYPE = "text/csv;charset=utf-8";

/** The File System Access API's save dialog (Chromium); not in TypeScript's DOM types yet. */
type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<FileSystemFileHandle>;

function savePicker(): SaveFilePicker | undefined {
  const picker: unknown = Reflect.get(window, "showSaveFilePicker");
  return typeof picker === "function" ? (picker.bind(window) as SaveFilePicker) : undefined;
}

export interface CsvTarget {
  sink: CsvSink;
  /** Where the rows went, once they all did: "saved" to the chosen file, or "downloaded". */
  kind: "saved" | "downloaded";
}

/**
 * Where the export writes. With the File System Access API, the file the person picks, page
 * by page as the pages arrive; elsewhere one Blob per page (the browser may keep Blobs out of
 * the JS heap), joined and downloaded at the end. `null`: the person closed the save dialog.
 * Must be called straight from the click, while the browser still counts it as the person's.
 */
export async function openCsvTarget(
  fileName: string,
  /** The kind of file, as the save dialog names it ("CSV file"), in the person's language. */
  description: string,
): Promise<CsvTarget | null> {
  const picker = savePicker();
  if (!picker) return { sink: blobSink(fileName), kind: "downloaded" };
  let handle: FileSystemFileHandle;
  try {
    handle = await picker({
      suggestedName: fileName,
      types: [{ description, accept: { "text/csv": [".csv"] } }],
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return null;
    throw error;
  }
  const stream = await handle.createWritable();
  return {
    kind: "saved",
    sink: {
      write: (chunk) => stream.write(chunk),
      close: () => stream.close(),
      // Aborting leaves the file as it was: no half-written export on disk.
      abort: () => stream.abort(),
    },
  };
}

export function blobSink(fileName: string, save = downloadBlob): CsvSink {
  let parts: Blob[] = [];
  return {
    write: (chunk) => {
      parts.push(new Blob([chunk], { type: CSV_TYPE }));
      return Promise.resolve();
    },
    close: () => {
      const file = new Blob(parts, { type: CSV_TYPE });
      parts = [];
      save(file, fileName);
      return Promise.resolve();
    },
    abort: () => {
      parts = [];
      return Promise.resolve();
    },
  };
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download starts from the URL after this task; revoking it later frees the Blob.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "./failure";
import { type Fields, fieldsFromPairs } from "./fields";
import { readForm } from "./form";
import { readJsonBody } from "./json-body";
import { charsetName, decoderFor, headerParameters } from "./media-type";
import { readMultipart } from "./multipart";

/** The raw Content-Type header (Fastify matched the media type case- and space-insensitively). */
function contentTypeOf(request: FastifyRequest): string {
  return request.headers["content-type"] ?? "";
}

function formDecoder(contentType: string): TextDecoder {
  const charset = headerParameters(contentType).get("charset");
  const decoder = decoderFor(charset);
  if (decoder === undefined) {
    throw new ApiFailure(
      ErrorCode.Unknown,
      `unsupported charset ${charsetName(charset ?? "")}: send UTF-8`,
      415,
    );
  }
  return decoder;
}

/**
 * The three encodings the API reads, each as one Buffer under Fastify's `bodyLimit`, so a body
 * over the limit is refused with 413 alike in every encoding, before any of it is parsed, and
 * what is parsed is at most that size. Each parser turns the body into fields (or refuses it
 * with its cause) in time linear in its size; the handler sees `Fields` whatever came.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const charset = headerParameters(contentTypeOf(request)).get("charset");
    done(null, readJsonBody(body as Buffer, charset));
  });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "buffer" },
    (request, body, done) => {
      const decoder = formDecoder(contentTypeOf(request));
      done(null, fieldsFromPairs(readForm(body as Buffer, decoder)));
    },
  );
  app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (request, body, done) => {
    done(null, fieldsFromPairs(readMultipart(body as Buffer, contentTypeOf(request))));
  });
}

/** The fields of the query string, read like a form body (UTF-8), with the same bounds. */
export function queryFields(url: string): Fields {
  const query = url.indexOf("?");
  if (query === -1) return {};
  const bytes = Buffer.from(url.slice(query + 1), "latin1");
  return fieldsFromPairs(readForm(bytes, formDecoder("")));
}

/** A parsed body is always fields; a request without one has none. */
export function bodyFieldsOf(body: unknown): Fields {
  return typeof body === "object" && body !== null ? (body as Fields) : {};
}

import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { serviceItemErrorText, withCode } from "./error-text";

/**
 * A job's error in the person's language. The gateway's job runner (server/gateway/jobs/) keeps
 * English sentences for its log; the ones it writes are recognised here and said again, the
 * service's refusals by their code. Anything else is shown as written: a reason we do not know
 * is still better shown than hidden.
 */
export function jobErrorText(error: string, i18n: I18n): string {
  const text = error.trim();
  // "error 12: invalid value" (a person) or "vars/set: error 14: …" (the job).
  const refused = /^(?:[\w/]+: )?error (\d+)(?::|$)/u.exec(text);
  if (refused?.[1] !== undefined) return withCode(Number(refused[1]), i18n);
  if (text === "not on the channel") return i18n._(msg`No longer a subscriber of the channel.`);
  if (text === "not added") return i18n._(msg`The service did not add this person.`);
  if (text === "no outcome") return i18n._(msg`The service gave no answer for this person.`);
  const http = / answered HTTP (\d+)$/u.exec(text);
  if (http?.[1] !== undefined) {
    const status = http[1];
    return i18n._(msg`The service answered with HTTP error ${status}.`);
  }
  if (/^channel \d+ is not served$/u.test(text)) {
    return i18n._(msg`The gateway no longer serves this channel.`);
  }
  const gone = /^the account (.+) no longer exists$/u.exec(text);
  if (gone?.[1] !== undefined) {
    const owner = gone[1];
    return i18n._(msg`The account ${owner} that started the job no longer exists.`);
  }
  const access = /^(.+) no longer has access to the channel$/u.exec(text);
  if (access?.[1] !== undefined) {
    const owner = access[1];
    return i18n._(msg`${owner} no longer has access to the channel.`);
  }
  if (/^the \w+ role may not run [\w-]+ jobs$/u.test(text)) {
    return i18n._(msg`The role of the account that started the job may not run it any more.`);
  }
  return serviceItemErrorText(text, i18n);
}

import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { JobPersonState, JobState } from "@/contract/jobs";

export const jobStateWords: Readonly<Record<JobState, MessageDescriptor>> = {
  running: msg({ message: "Running", context: "state of a job" }),
  cancelling: msg({ message: "Stopping", context: "state of a job" }),
  done: msg({ message: "Finished", context: "state of a job" }),
  cancelled: msg({ message: "Cancelled", context: "state of a job" }),
  failed: msg({ message: "Stopped on an error", context: "state of a job" }),
};

export const personStateWords: Readonly<Record<JobPersonState, MessageDescriptor>> = {
  pending: msg({ message: "Waiting", context: "a person in a job" }),
  sending: msg({ message: "Being written", context: "a person in a job" }),
  done: msg({ message: "Done", context: "a person in a job" }),
  failed: msg({ message: "Failed", context: "a person in a job" }),
  skipped: msg({ message: "Skipped", context: "a person in a job" }),
};

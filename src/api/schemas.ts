/** What the API's clients parse with, loaded lazily through contract-schemas.ts. */
export { failureBody } from "@/contract/errors";
export { operations } from "@/contract/operations";
export { loginRequest, sessionResponse, signedOutAnswer } from "@/contract/session";
export {
  directoryCountResponse,
  directoryListResponse,
  directoryLookupResponse,
  directoryPersonResponse,
  directoryResolveResponse,
  directorySearchElsewhereResponse,
  directorySearchResponse,
  directoryStatusResponse,
} from "@/contract/directory";
export { jobListResponse, jobPeopleResponse, jobResponse } from "@/contract/jobs";
export { viewResponse, viewsResponse } from "@/contract/views";

import { describe, expect, it } from "vitest";
import { pages } from "../../src/app/pages";
import { jobKinds, mayRunJob, mayRunJobs } from "../../src/contract/job-kinds";
import { mayCall, roles } from "../../src/contract/roles";

describe("who may run jobs on segments", () => {
  it("gives administrators every kind, support the variable jobs and marketing none", () => {
    expect(jobKinds.filter((kind) => mayRunJob("admin", kind))).toEqual(jobKinds);
    expect(jobKinds.filter((kind) => mayRunJob("support", kind))).toEqual(["var-set", "var-del"]);
    expect(jobKinds.filter((kind) => mayRunJob("marketing", kind))).toEqual([]);
  });

  it("lists the Jobs page for exactly the roles that may run some job", () => {
    const jobsPage = pages.find((page) => page.id === "jobs");
    for (const role of roles) {
      expect(jobsPage && mayCall(role, jobsPage.operation)).toBe(mayRunJobs(role));
    }
  });
});

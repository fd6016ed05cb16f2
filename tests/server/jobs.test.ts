import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureBody } from "../../src/contract/errors";
import { JOBS_RUNNING_MAX } from "../../src/contract/job-kinds";
import {
  type JobItem,
  jobListResponse,
  jobPeopleResponse,
  jobResponse,
} from "../../src/contract/jobs";
import { Browser, type RunningGateway, startGateway, type TestAccount } from "../support/gateway";
import { TG_PEOPLE } from "../support/seed";

/**
 * The gateway's `/jobs`: who may start which job, what each sees, cancel and retry, and what a
 * bad request gets (the failure body with a reason, never a 5xx). Jobs run against the small
 * test data set (30 people on channel 1001).
 */
const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "ada", role: "admin", channels: [], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
  { username: "sam", role: "support", channels: [1001], password: PASSWORD },
];

type Answer = Awaited<ReturnType<Browser["request"]>>;

function expectRefusal(answer: Answer, status: number, reason: string) {
  expect(answer.status).toBe(status);
  expect(failureBody.safeParse(answer.body).success).toBe(true);
  expect(answer.body).toMatchObject({ success: false, reason });
}

async function signedIn(gateway: RunningGateway, username: string): Promise<Browser> {
  const browser = new Browser(gateway.url);
  expect((await browser.login(username, PASSWORD)).status).toBe(200);
  return browser;
}

async function finished(browser: Browser, id: number): Promise<JobItem> {
  for (;;) {
    const answer = await browser.request("GET", `/jobs/${String(id)}`);
    const item = jobResponse.parse(answer.body).item;
    if (item.state !== "running" && item.state !== "cancelling") return item;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const setPromo = {
  group_id: 1001,
  filters: {},
  action: { kind: "var-set", name: "promo", value: "yes" },
};

describe("jobs", () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ accounts, rateLimit: 1000 });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("sets a variable for a whole segment, and lists the job with its people", async () => {
    const ada = await signedIn(gateway, "ada");
    const created = await ada.request("POST", "/jobs", { ...setPromo, expected: TG_PEOPLE });
    expect(created.status).toBe(200);
    const job = jobResponse.parse(created.body).item;
    expect(job).toMatchObject({ owner: "ada", group_id: 1001, expected: TG_PEOPLE });
    const item = await finished(ada, job.job_id);
    expect(item).toMatchObject({
      state: "done",
      read: TG_PEOPLE,
      read_all: true,
      done: TG_PEOPLE,
      failed: 0,
      skipped: 0,
    });
    expect(item.finished_at).not.toBeNull();
    const promo = gateway.localDb
      ?.prepare(
        `SELECT count(*) AS n FROM variables v JOIN subscribers s ON s.id = v.subscriber_id
          WHERE s.channel_id = 1001 AND v.name = 'promo' AND v.value = 'yes'`,
      )
      .get();
    expect(promo).toEqual({ n: TG_PEOPLE });

    const people = await ada.request("GET", `/jobs/${String(job.job_id)}/people?count=5`);
    const page = jobPeopleResponse.parse(people.body);
    expect(page.count).toBe(TG_PEOPLE);
    expect(page.items).toHaveLength(5);
    expect(page.items.every((person) => person.state === "done")).toBe(true);

    const list = jobListResponse.parse((await ada.request("GET", "/jobs?group_id=1001")).body);
    expect(list.items[0]?.job_id).toBe(job.job_id);
  });

  it("writes only to the segment's people", async () => {
    const ada = await signedIn(gateway, "ada");
    const created = await ada.request("POST", "/jobs", {
      group_id: 1001,
      filters: { subscription_id: [2] },
      action: { kind: "subscription-add", subscription_id: 1 },
    });
    const item = await finished(ada, jobResponse.parse(created.body).item.job_id);
    // Offers: people 1, 4 and 5 (2 and 3 left it).
    expect(item).toMatchObject({ state: "done", read: 3, done: 3 });
  });

  it("lets support run variable jobs only, and marketing none", async () => {
    const sam = await signedIn(gateway, "sam");
    const ok = await sam.request("POST", "/jobs", {
      ...setPromo,
      action: { kind: "var-del", name: "promo" },
    });
    expect(ok.status).toBe(200);
    await finished(sam, jobResponse.parse(ok.body).item.job_id);
    expectRefusal(
      await sam.request("POST", "/jobs", {
        ...setPromo,
        action: { kind: "bot-start", bot_id: 1 },
      }),
      403,
      "job-refused",
    );
    const mark = await signedIn(gateway, "mark");
    expectRefusal(await mark.request("POST", "/jobs", setPromo), 403, "job-refused");
  });

  it("shows a person their own jobs, and an administrator every job of the channel", async () => {
    const ada = await signedIn(gateway, "ada");
    const sam = await signedIn(gateway, "sam");
    const mine = jobListResponse.parse((await sam.request("GET", "/jobs?group_id=1001")).body);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((job) => job.owner === "sam")).toBe(true);
    const all = jobListResponse.parse((await ada.request("GET", "/jobs?group_id=1001")).body);
    expect(new Set(all.items.map((job) => job.owner))).toEqual(new Set(["ada", "sam"]));
    const adas = all.items.find((job) => job.owner === "ada");
    expectRefusal(await sam.request("GET", `/jobs/${String(adas?.job_id)}`), 404, "job-not-found");
    expectRefusal(
      await sam.request("POST", `/jobs/${String(adas?.job_id)}/cancel`),
      404,
      "job-not-found",
    );
    const page = await ada.request("GET", "/jobs?group_id=1001&count=1&offset=1");
    expect(jobListResponse.parse(page.body)).toMatchObject({ count: all.count });
    expect(jobListResponse.parse(page.body).items).toEqual([all.items[1]]);
  });

  it("retries the failed people as a new job, and refuses a retry with nothing to retry", async () => {
    const ada = await signedIn(gateway, "ada");
    // Subscription 3 is the VK channel's: every write on the Telegram channel fails.
    const created = await ada.request("POST", "/jobs", {
      group_id: 1001,
      filters: { subscription_id: [2] },
      action: { kind: "subscription-add", subscription_id: 3 },
    });
    const failed = await finished(ada, jobResponse.parse(created.body).item.job_id);
    expect(failed).toMatchObject({ state: "done", read: 3, done: 0, failed: 3 });
    const reasons = jobPeopleResponse.parse(
      (await ada.request("GET", `/jobs/${String(failed.job_id)}/people?state=failed`)).body,
    );
    expect(reasons.items[0]?.error).toMatch(/^error 12: subscription_id/);

    const retry = await ada.request("POST", `/jobs/${String(failed.job_id)}/retry`);
    expect(retry.status).toBe(200);
    const again = await finished(ada, jobResponse.parse(retry.body).item.job_id);
    expect(again).toMatchObject({ retry_of: failed.job_id, read: 3, failed: 3 });

    const list = jobListResponse.parse((await ada.request("GET", "/jobs?group_id=1001")).body);
    const clean = list.items.find((job) => job.failed === 0 && job.state === "done");
    expectRefusal(
      await ada.request("POST", `/jobs/${String(clean?.job_id)}/retry`),
      409,
      "job-nothing-to-retry",
    );
    expectRefusal(
      await ada.request("POST", `/jobs/${String(clean?.job_id)}/cancel`),
      409,
      "job-finished",
    );
  });

  it("fails at once, with the service's words, when the service refuses the segment's read", async () => {
    const ada = await signedIn(gateway, "ada");
    // A VK id on the Telegram channel: subscribers/get refuses it (error 12) however often it
    // is asked, so the job must not wait through its retries (minutes) before it gives up.
    const created = await ada.request("POST", "/jobs", {
      ...setPromo,
      filters: { vk_user_id: [1] },
    });
    expect(created.status).toBe(200);
    const item = await finished(ada, jobResponse.parse(created.body).item.job_id);
    expect(item).toMatchObject({ state: "failed", read: 0, done: 0 });
    expect(item.error).toMatch(/^subscribers\/get: error 12: vk_user_id/);
  }, 4_000);

  it("refuses bad input with a reason and loses nothing", async () => {
    const ada = await signedIn(gateway, "ada");
    const sam = await signedIn(gateway, "sam");
    const bad: [unknown, string][] = [
      [{ filters: {}, action: setPromo.action }, "group_id"],
      [{ ...setPromo, action: { kind: "explode" } }, "action.kind"],
      [{ ...setPromo, action: { kind: "var-set", name: "no spaces", value: "x" } }, "action.name"],
      [{ ...setPromo, filters: { nonsense: 1 } }, "filters"],
      [{ ...setPromo, filters: { lead_status: 3 } }, "filters.lead_status"],
      [{ ...setPromo, extra: true }, ""],
      ["text", ""],
    ];
    for (const [body, path] of bad) {
      const answer = await ada.request("POST", "/jobs", body);
      expectRefusal(answer, 400, "job-invalid");
      expect(answer.body.error_code).toBe(12);
      expect(String(answer.body.error_message)).toContain(path);
    }
    expectRefusal(await ada.request("GET", "/jobs"), 400, "job-invalid");
    expectRefusal(await ada.request("GET", "/jobs?group_id=1001&count=101"), 400, "job-invalid");
    expectRefusal(await ada.request("GET", "/jobs/1/people?state=lost"), 400, "job-invalid");
    expectRefusal(
      await sam.request("POST", "/jobs", { ...setPromo, group_id: 1002 }),
      403,
      "no-channel-access",
    );
    expectRefusal(await sam.request("GET", "/jobs?group_id=1002"), 403, "no-channel-access");
    expectRefusal(await ada.request("GET", "/jobs/abc"), 404, "job-not-found");
    expectRefusal(await ada.request("GET", "/jobs/999999"), 404, "job-not-found");
    expectRefusal(
      await new Browser(gateway.url).request("GET", "/jobs?group_id=1001"),
      401,
      "session-ended",
    );
    const noCsrf = await ada.request("POST", "/jobs", setPromo, {});
    expectRefusal(noCsrf, 403, "csrf-header-missing");
  });
});

describe("cancelling a job", () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    // Two writes a second for jobs: time enough to cancel one mid-way.
    gateway = await startGateway({ accounts, rateLimit: 4 });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("stops after the writes under way and skips the rest", async () => {
    const sam = await signedIn(gateway, "sam");
    const created = await sam.request("POST", "/jobs", setPromo);
    const id = jobResponse.parse(created.body).item.job_id;
    const cancel = await sam.request("POST", `/jobs/${String(id)}/cancel`);
    expect(cancel.status).toBe(200);
    expect(jobResponse.parse(cancel.body).item.state).toBe("cancelling");
    const item = await finished(sam, id);
    expect(item.state).toBe("cancelled");
    expect(item.done).toBeLessThan(TG_PEOPLE);
    expect(item.done + item.skipped).toBe(item.read);
    const written = gateway.localDb
      ?.prepare("SELECT count(*) AS n FROM variables WHERE name = 'promo'")
      .get() as { n: number };
    expect(written.n).toBe(item.done);
  });
});

describe("cancelling a job that waits for the service", () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({
      accounts,
      // Nothing listens on port 1: every call fails, and the job waits a minute between tries.
      channels: {
        channels: [
          {
            kind: "upstream",
            group_id: 4004,
            base_url: "http://127.0.0.1:1/",
            time_zone: "UTC",
            token_env: "DEAD_TOKEN",
          },
        ],
      },
      env: { DEAD_TOKEN: "dead-token" },
      jobRetryMs: 60_000,
    });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("ends it at once instead of after the wait", async () => {
    const ada = await signedIn(gateway, "ada");
    const created = await ada.request("POST", "/jobs", { ...setPromo, group_id: 4004 });
    const id = jobResponse.parse(created.body).item.job_id;
    // Let the first try fail, so that the job is waiting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await ada.request("POST", `/jobs/${String(id)}/cancel`)).status).toBe(200);
    const item = await finished(ada, id);
    expect(item).toMatchObject({ state: "cancelled", read: 0, done: 0 });
  }, 5_000);
});

describe("many jobs at once", () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    // Two writes a second for jobs: none of these ends while the test runs.
    gateway = await startGateway({ accounts, rateLimit: 4 });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("runs a few of a person's jobs on a channel at once, and refuses more", async () => {
    const sam = await signedIn(gateway, "sam");
    const answers = await Promise.all(
      Array.from({ length: JOBS_RUNNING_MAX + 2 }, (_, index) =>
        sam.request("POST", "/jobs", {
          ...setPromo,
          action: { kind: "var-set", name: "promo", value: String(index) },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(JOBS_RUNNING_MAX);
    for (const answer of answers.filter((each) => each.status !== 200)) {
      expectRefusal(answer, 409, "jobs-full");
      expect(answer.body).toMatchObject({ details: { max: JOBS_RUNNING_MAX } });
    }
    // Another person's jobs do not count against this one's.
    const ada = await signedIn(gateway, "ada");
    expect((await ada.request("POST", "/jobs", setPromo)).status).toBe(200);
    // Once one has ended, another may start.
    const first = jobResponse.parse(answers[0]?.body).item.job_id;
    await sam.request("POST", `/jobs/${String(first)}/cancel`);
    await finished(sam, first);
    expect((await sam.request("POST", "/jobs", setPromo)).status).toBe(200);
  });
});

describe("retrying a job", () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    // Two writes a second for jobs: a retry is still writing when the second one comes.
    gateway = await startGateway({ accounts, rateLimit: 4 });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("retries a failed person once at a time: two retries at once write to nobody twice", async () => {
    const ada = await signedIn(gateway, "ada");
    // Subscription 3 is the VK channel's: every write on the Telegram channel fails.
    const created = await ada.request("POST", "/jobs", {
      group_id: 1001,
      filters: { subscription_id: [2] },
      action: { kind: "subscription-add", subscription_id: 3 },
    });
    const failed = await finished(ada, jobResponse.parse(created.body).item.job_id);
    expect(failed).toMatchObject({ failed: 3 });
    const path = `/jobs/${String(failed.job_id)}/retry`;
    const [first, second] = await Promise.all([
      ada.request("POST", path),
      ada.request("POST", path),
    ]);
    expect(first.status).toBe(200);
    expectRefusal(second, 409, "job-nothing-to-retry");
    const retry = await finished(ada, jobResponse.parse(first.body).item.job_id);
    expect(retry).toMatchObject({ read: 3, failed: 3 });
    // Failed again: they may be retried again, from either job.
    expect((await ada.request("POST", path)).status).toBe(200);
  });
});

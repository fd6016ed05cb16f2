import { describe, expect, it } from "vitest";
import {
  cleanViewSearch,
  matchingView,
  sameViewSearch,
  shownViewSearch,
} from "../../src/contract/view-search";
import { viewCreateRequest } from "../../src/contract/views";

describe("the search a saved view keeps", () => {
  it("drops the paging cursors and the leading question mark", () => {
    expect(cleanViewSearch("?size=50&after=12&after=40&from=AbC_-&mode=more")).toBe(
      "mode=more&size=50",
    );
    expect(cleanViewSearch("after=1")).toBe("");
    expect(cleanViewSearch("")).toBe("");
    expect(cleanViewSearch("?")).toBe("");
  });

  it("sorts keys but keeps the order of a repeated key's values", () => {
    expect(cleanViewSearch("sub=7&cols=utms&sub=2&size=50")).toBe("cols=utms&size=50&sub=7&sub=2");
  });

  it("keeps keys it does not know (the filter builder's) and encodes them canonically", () => {
    expect(cleanViewSearch("q=anna%20k&zz=a+b&cols=")).toBe("cols=&q=anna+k&zz=a+b");
  });

  it("compares two URLs of one list as equal, whatever their key order and page", () => {
    expect(sameViewSearch("?size=50&cols=utms&after=9", "cols=utms&size=50")).toBe(true);
    expect(sameViewSearch("size=50", "size=100")).toBe(false);
    expect(sameViewSearch("sub=1&sub=2", "sub=2&sub=1")).toBe(false);
  });

  it("is what the contract stores, and refuses a search too long once cleaned", () => {
    const parsed = viewCreateRequest.parse({ name: " x ", search: "?from=a&size=50" });
    expect(parsed).toEqual({ name: "x", search: "size=50", shared: false, pinned: false });
    // Encoding may make it longer than given: the stored form is what is limited.
    const long = `q=${"é".repeat(1000)}`;
    expect(long.length).toBeLessThan(4000);
    expect(viewCreateRequest.safeParse({ name: "x", search: long }).success).toBe(false);
  });
});

describe("which saved view the page shows", () => {
  const views = [
    { name: "Big pages", search: "cols=utms&size=100" },
    { name: "Any columns, 50", search: "size=50" },
    { name: "All columns, more", search: "cols=&mode=more" },
  ];

  it("fills in the columns shown when the URL leaves them to the browser", () => {
    expect(shownViewSearch("?size=100&after=3", "utms")).toBe("cols=utms&size=100");
    expect(shownViewSearch("?size=100&cols=", "utms")).toBe("cols=&size=100");
  });

  it("finds the view whose search and columns are the page's", () => {
    expect(matchingView(views, shownViewSearch("size=100", "utms"))?.name).toBe("Big pages");
    expect(matchingView(views, shownViewSearch("size=100", "variables"))).toBeUndefined();
    expect(matchingView(views, shownViewSearch("mode=more&cols=", "utms"))?.name).toBe(
      "All columns, more",
    );
  });

  it("ignores the columns for a view kept without them", () => {
    expect(matchingView(views, shownViewSearch("size=50&cols=date", ""))?.name).toBe(
      "Any columns, 50",
    );
    expect(matchingView(views, shownViewSearch("size=50&q=x", ""))).toBeUndefined();
  });
});

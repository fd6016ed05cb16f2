import { describe, expect, it } from "vitest";
import { draftKey, readDraft, writeDraft, type DraftStorage } from "../../src/lib/drafts";

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

describe("form drafts", () => {
  const key = draftKey(1001, "variables-add", 700000010);

  it("are one per channel, form and subject", () => {
    expect(key).toBe("channel-desk.draft:1001:variables-add:700000010");
    expect(draftKey(1002, "variables-add", 700000010)).not.toBe(key);
  });

  it("keep what was typed, give it back, and go once the form is empty again", () => {
    const storage = memoryStorage();
    expect(readDraft(storage, key, ["name", "value"])).toBeUndefined();
    writeDraft(storage, key, { name: "city", value: "" });
    expect(readDraft(storage, key, ["name", "value"])).toEqual({ name: "city", value: "" });
    writeDraft(storage, key, { name: "", value: "" });
    expect(storage.map.size).toBe(0);
  });

  it("ignore what is not a draft, and a storage that refuses", () => {
    const storage = memoryStorage();
    storage.map.set(key, "{not json");
    expect(readDraft(storage, key, ["name"])).toBeUndefined();
    storage.map.set(key, JSON.stringify({ name: 12, value: "<b>x</b>" }));
    expect(readDraft(storage, key, ["name", "value"])).toEqual({ name: "", value: "<b>x</b>" });
    const refusing: DraftStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(readDraft(refusing, key, ["name"])).toBeUndefined();
    expect(() => {
      writeDraft(refusing, key, { name: "x" });
    }).not.toThrow();
    expect(readDraft(undefined, key, ["name"])).toBeUndefined();
  });
});

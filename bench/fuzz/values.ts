import type { Random } from "../../server/channel-api/demo/random";

/** Small helpers over a seeded generator, so one seed replays a whole run. */
export class Dice {
  constructor(private readonly random: Random) {}

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  bytes(length: number): Buffer {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i += 1) out[i] = this.int(0, 255);
    return out;
  }
}

/** A JSON text kept as it is by the JSON encoder (deep nesting, duplicate keys). */
export class RawJson {
  constructor(readonly text: string) {}
}

const DATES = [
  "01.01.2026 00:00:00",
  "31.12.2026 23:59:59",
  "14.3.2026 0:00:00",
  "2026-03-13T21:00:00.000Z",
  "15.03.2026",
];

/** A value the field could really hold, by its name, so part of the calls reach the handlers. */
export function plausibleValue(dice: Dice, field: string, users: readonly number[]): unknown {
  switch (field) {
    case "tg_user_id":
    case "vk_user_id":
      return dice.chance(0.2) ? [dice.pick(users), dice.pick(users)] : dice.pick(users);
    case "subscription_id":
    case "utm_id":
    case "bot_id":
    case "delivery_id":
      return dice.chance(0.3) ? [dice.int(0, 12)] : dice.int(0, 12);
    case "date_from":
    case "date_to":
      return dice.pick(DATES);
    case "count":
      // Small pages: the run is about reading bodies, not about the handlers' throughput.
      return dice.int(1, 10);
    case "offset":
      return dice.int(0, 1000);
    case "offset_id":
      return dice.chance(0.5) ? "" : String(dice.int(1, 3000));
    case "name":
      return dice.pick(["plan", "city", "note", "fuzz_1"]);
    case "value":
      return dice.pick(["silver", "", "Жёлтый", "😀", "x".repeat(100)]);
    case "enforce":
    case "force":
    case "inactive":
      return dice.int(0, 1);
    case "utm_source":
      return [dice.pick(["vk", "tg", "mail"])];
    default:
      return dice.pick(["1", "text", 1, 0]);
  }
}

function nested(dice: Dice, depth: number): RawJson {
  const open = dice.chance(0.5) ? "[" : '{"a":';
  const close = open === "[" ? "]" : "}";
  return new RawJson(`${open.repeat(depth)}1${close.repeat(depth)}`);
}

/** A value of the wrong type, size or shape. */
export function junkValue(dice: Dice): unknown {
  switch (dice.int(0, 6)) {
    case 0:
      return dice.pick([{}, [], [[[]]], { a: { b: 1 } }, null, true, false, [null], [{}]]);
    case 1:
      return dice.pick([-1, 0, 1.5, 1e308, -0, 2 ** 53 + 1, 1e20, 2 ** 31]);
    case 2:
      return dice.pick([
        "",
        " ",
        "NaN",
        "Infinity",
        "0x10",
        "1e3",
        "２",
        "-0",
        "1,2",
        "[1,2",
        "[[1]]",
      ]);
    case 3:
      return dice.pick([
        "\u0000",
        "😀",
        "\ud800",
        "a\udc00b",
        "\uFFFE",
        "\r\n--x--\r\n",
        '"\\',
      ] as const);
    case 4:
      return dice.pick(["01.13.2026 25:61:61", "31.02.2026 00:00:00", "00.00.0000", "2026-99-99"]);
    case 5:
      return "x".repeat(dice.pick([4097, 70_000]));
    default:
      return nested(dice, dice.pick([3, 40, 2_000, 20_000]));
  }
}

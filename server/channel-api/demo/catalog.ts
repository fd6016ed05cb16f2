import { channelPhotoPath } from "../../../src/lib/local-photo";
import { formatApiDateTime, fromWallTime, toWallTime } from "../../../src/contract/datetime";
import type { ChannelKind } from "./names";
import { type Random, between, chance, pick, pickWeighted, shuffled } from "./random";

/**
 * What each demo channel offers before any person arrives: subscriptions, campaign tags,
 * bots with their steps, and mass deliveries. All of it is drawn from small fixed pools, so
 * the dashboard shows names a coffee-shop chain could really use. Times are unix seconds.
 */

const DAY = 86_400;
const HOUR = 3600;

export interface ChannelSpec {
  groupId: number;
  kind: ChannelKind;
  name: string;
  photo: string;
  externalId: string;
  workspaceId: string;
  timeZone: string;
  defaultToken: string;
  /** Range the people's user ids are spread over, [lo, hi). */
  userIds: { lo: number; hi: number };
}

export const DEMO_CHANNELS: readonly [ChannelSpec, ChannelSpec] = [
  {
    groupId: 1001,
    kind: "tg",
    name: "Coffee Club (Telegram)",
    photo: channelPhotoPath(1001),
    externalId: "CoffeeClubDemoBot",
    workspaceId: "40721",
    timeZone: "Europe/Moscow",
    defaultToken: "demo-tg-token",
    // Telegram user ids: 9 and 10 digits.
    userIds: { lo: 120_000_000, hi: 7_400_000_000 },
  },
  {
    groupId: 1002,
    kind: "vk",
    name: "Coffee Club (VK)",
    photo: channelPhotoPath(1002),
    externalId: "218734519",
    workspaceId: "40721",
    timeZone: "UTC",
    defaultToken: "demo-vk-token",
    // VK user ids: 6 to 9 digits, most of them 9 as on the real network.
    userIds: { lo: 150_000, hi: 890_000_000 },
  },
];

export interface SubscriptionPlan {
  name: string;
  /** Relative popularity. */
  weight: number;
}

/**
 * How a campaign's volume runs over the calendar months of the period (in the channel's zone):
 * `steady`; `fading`, halving from one month to the next; `new`, nothing before the current
 * month and strong in it; `growing`.
 */
export type CampaignKind = "steady" | "fading" | "new" | "growing";

export interface TagPlan {
  name: string;
  campaignKind: CampaignKind;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent: string;
  utmTerm: string;
  /** Index in the plan's subscriptions. */
  subscription: number;
  weight: number;
  createdAt: number;
}

export interface StepPlan {
  stepId: string;
  title: string;
  type: StepType;
  partId: number;
}

export interface BotPlan {
  title: string;
  createdAt: number;
  active: number;
  published: number;
  /** Relative share of the people who run through the bot; 0 for a draft. */
  weight: number;
  steps: StepPlan[];
  /** How many times each step ran (counted while the people are made): bots/getSteps' lead_inc. */
  leadInc: number[];
}

/** Kinds and states of a mass delivery, as the production service names them. */
export type DeliveryType = "chain" | "subscription" | "once" | "single";
export type DeliveryStatus = "waiting" | "progress" | "done";

export interface DeliveryPlan {
  name: string;
  type: DeliveryType;
  status: DeliveryStatus;
  /** 1: stopped (a chain switched off). */
  inactive: number;
  createdAt: number;
  /** Index in the plan's subscriptions, or -1 for everyone in any subscription. */
  target: number;
  /** A one-off delivery takes this long to go out to everyone, seconds (0: the channel's pace). */
  sendSpread: number;
  /** A chain: seconds after a person subscribes that it goes to them; until `stoppedAt`. */
  chainDelay: number;
  stoppedAt: number;
  /** Share of the received messages read, of the read ones clicked, of recipients who leave. */
  readRate: number;
  clickRate: number;
  unsubscribeRate: number;
}

export interface ChannelPlan {
  subscriptions: SubscriptionPlan[];
  tags: TagPlan[];
  bots: BotPlan[];
  deliveries: DeliveryPlan[];
}

export interface Period {
  start: number;
  end: number;
  timeZone: string;
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

const SUBSCRIPTIONS: readonly SubscriptionPlan[] = [
  { name: "Promotions & discounts", weight: 0.8 },
  { name: "New arrivals", weight: 0.7 },
  { name: "Loyalty club", weight: 0.5 },
  { name: "Новинки меню", weight: 0.45 },
  { name: "Events & tastings", weight: 0.4 },
  { name: "Barista tips", weight: 0.35 },
  { name: "Order updates", weight: 0.3 },
];

/** "Weekly digest" always, as the channel's main list, and 3–5 others. */
function planSubscriptions(rand: Random): SubscriptionPlan[] {
  const others = shuffled(rand, SUBSCRIPTIONS).slice(0, between(rand, 3, 5));
  return [{ name: "Weekly digest", weight: 1.2 }, ...others];
}

// ---------------------------------------------------------------------------------------------
// Campaign tags

const CAMPAIGNS = [
  { campaign: "spring_menu", label: "Spring menu" },
  { campaign: "new_beans", label: "New beans" },
  { campaign: "loyalty_launch", label: "Loyalty launch" },
  { campaign: "coffee_day", label: "Coffee Day" },
  { campaign: "back_to_office", label: "Back to office" },
  { campaign: "cold_brew_summer", label: "Cold brew summer" },
  { campaign: "bring_a_friend", label: "Bring a friend" },
  { campaign: "black_friday", label: "Black Friday" },
] as const;

const SOURCES = [
  { source: "instagram", medium: "stories", label: "Instagram stories" },
  { source: "instagram", medium: "social", label: "Instagram post" },
  { source: "vk_ads", medium: "cpc", label: "VK Ads" },
  { source: "telegram_ads", medium: "cpm", label: "Telegram Ads" },
  { source: "email", medium: "newsletter", label: "Email newsletter" },
  { source: "site", medium: "banner", label: "Site banner" },
  { source: "site", medium: "popup", label: "Site pop-up" },
  { source: "partner", medium: "referral", label: "Partner: Bakery 24" },
  { source: "partner", medium: "blogger", label: "Blogger @coffee.mornings" },
] as const;

const CONTENTS = ["", "", "", "video_15s", "carousel", "banner_a", "banner_b"] as const;
const TERMS = ["", "", "", "", "coffee", "coffee_beans", "latte"] as const;

const CAMPAIGN_KINDS: readonly CampaignKind[] = ["fading", "new", "steady", "growing"];

/** Start of the calendar month (in the period's zone) that holds `at`, unix seconds. */
export function monthStart(at: number, timeZone: string): number {
  const wall = toWallTime(at * 1000, timeZone);
  return Math.floor(
    fromWallTime({ ...wall, day: 1, hour: 0, minute: 0, second: 0 }, timeZone) / 1000,
  );
}

/**
 * 3–4 campaigns with 2–3 sources each (6–12 tags), named "<campaign> — <source>" so that a
 * page can group tags by the part before " — ". The first campaign fades (half as many people
 * each month), the second is new this month, the others steady or growing. Each tag leads to
 * one subscription.
 */
function planTags(rand: Random, subscriptions: SubscriptionPlan[], period: Period): TagPlan[] {
  const weights = subscriptions.map((subscription) => subscription.weight);
  const thisMonth = monthStart(period.end, period.timeZone);
  const campaigns = shuffled(rand, CAMPAIGNS).slice(0, between(rand, 3, 4));
  return campaigns.flatMap((campaign, c) => {
    const campaignKind = CAMPAIGN_KINDS[c] ?? "steady";
    const subscription = Math.max(0, pickWeighted(rand, weights));
    const createdAt =
      campaignKind === "new"
        ? Math.min(thisMonth, period.end - DAY)
        : period.start - between(rand, 2 * DAY, 40 * DAY);
    return shuffled(rand, SOURCES)
      .slice(0, between(rand, 2, 3))
      .map((source) => ({
        name: `${campaign.label} — ${source.label}`,
        campaignKind,
        utmSource: source.source,
        utmMedium: source.medium,
        utmCampaign: campaign.campaign,
        utmContent: pick(rand, CONTENTS),
        utmTerm: pick(rand, TERMS),
        subscription,
        weight: 0.3 + rand(),
        createdAt,
      }));
  });
}

// ---------------------------------------------------------------------------------------------
// Bots

type StepType = "start" | "timer" | "action" | "if" | "message";
const start = (title: string) => ({ title, type: "start" as const });
const message = (title: string) => ({ title, type: "message" as const });
const timer = (title: string) => ({ title, type: "timer" as const });
const check = (title: string) => ({ title, type: "if" as const });
const action = (title: string) => ({ title, type: "action" as const });

/** Bots as funnels: a start, messages, waits, conditions and actions, in bot order. */
const BOTS: readonly { title: string; steps: readonly { title: string; type: StepType }[] }[] = [
  {
    title: "Welcome bot",
    steps: [
      start("Start"),
      message("Welcome"),
      message("Choose your drink"),
      timer("Wait 1 hour"),
      message("Your 10% promo code"),
      check("Used the promo code?"),
      message("How was your first visit?"),
      action("Add to Loyalty club"),
      timer("Wait 3 days"),
      message("See you soon"),
    ],
  },
  {
    title: "Order feedback",
    steps: [
      start("Order delivered"),
      timer("Wait 2 hours"),
      message("Thank you for your order"),
      message("Rate your coffee"),
      check("Rated 4 or 5?"),
      message("Tell us more"),
      action("Give 50 bonus points"),
      message("Gift for your feedback"),
    ],
  },
  {
    title: "Loyalty onboarding",
    steps: [
      start("Joined the club"),
      message("Welcome to the club"),
      message("How points work"),
      timer("Wait 1 day"),
      message("Your first bonus"),
      action("Set variable plan = basic"),
      message("Invite a friend"),
      check("Invited someone?"),
      message("Level up"),
    ],
  },
  {
    title: "Quiz: find your coffee",
    steps: [
      start("Start the quiz"),
      message("Sweet or bitter?"),
      message("Milk or no milk?"),
      check("Answered both?"),
      message("Your match"),
      message("Order with a discount"),
      timer("Wait 1 day"),
      message("Share the result"),
    ],
  },
  {
    title: "Бронирование столика",
    steps: [
      start("Старт"),
      message("Привет!"),
      message("Выберите дату"),
      message("Выберите время"),
      action("Записать бронь"),
      message("Подтверждение"),
      timer("За 2 часа до визита"),
      message("Напоминание"),
      message("Спасибо за визит"),
    ],
  },
];

const STEP_LETTERS = "abcdefghkmnpqrstuvwxyz";

/** Step ids look like the service's short codes: "s1a2", "s2k7"… (unique by position). */
function stepId(rand: Random, position: number): string {
  const letter = STEP_LETTERS.charAt(Math.floor(rand() * STEP_LETTERS.length));
  return `s${String(position + 1)}${letter}${String(between(rand, 0, 9))}`;
}

/**
 * 3–4 bots of 4–10 steps. When there are four, the last is a draft (not published) that only
 * its authors have tried, in test runs.
 */
function planBots(rand: Random, period: Period, partIds: { next: number }): BotPlan[] {
  const count = between(rand, 3, 4);
  return shuffled(rand, BOTS)
    .slice(0, count)
    .map((bot, index) => {
      const draft = count === 4 && index === 3;
      const steps = bot.steps
        .slice(0, between(rand, 4, bot.steps.length))
        .map((step, position) => ({
          stepId: stepId(rand, position),
          title: step.title,
          type: step.type,
          partId: partIds.next++,
        }));
      return {
        title: bot.title,
        createdAt: draft
          ? period.end - between(rand, 3 * DAY, 12 * DAY)
          : period.start - between(rand, 10 * DAY, 150 * DAY),
        active: 1,
        published: draft ? 0 : 1,
        weight: draft ? 0 : index === 0 ? 3 : 1 + rand(),
        steps,
        leadInc: steps.map(() => 0),
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Mass deliveries

/** `audience`: the subscription the message goes to, if the channel has it; else everyone. */
const DELIVERY_TOPICS: readonly { name: string; audience?: string }[] = [
  { name: "Weekly digest: the best of the week", audience: "Weekly digest" },
  { name: "New arrivals: Ethiopia Yirgacheffe", audience: "New arrivals" },
  { name: "Weekend −20% on desserts", audience: "Promotions & discounts" },
  { name: "Invitation: cupping session on Saturday", audience: "Events & tastings" },
  { name: "Latte art at home: 5 tips", audience: "Barista tips" },
  { name: "Your loyalty points are waiting", audience: "Loyalty club" },
  { name: "Осеннее меню уже в кофейнях", audience: "Новинки меню" },
  { name: "Holiday opening hours" },
  { name: "Cold brew is back" },
  { name: "Coffee Day: double points for everyone" },
];

/** An instant on `day` (0 = the period's first local day) at a local daytime hour. */
function localDaytime(rand: Random, period: Period, day: number): number {
  const wall = toWallTime((period.start + day * DAY) * 1000, period.timeZone);
  const at = fromWallTime(
    { ...wall, hour: between(rand, 10, 19), minute: between(rand, 0, 59), second: 0 },
    period.timeZone,
  );
  return Math.min(Math.floor(at / 1000), period.end - DAY);
}

/** Most mass deliveries go to everyone; some only to the subscription their topic is about. */
const AUDIENCE_ONLY = 0.4;

/** Rates vary a lot from one delivery to the next, as real campaigns do. */
function rates(rand: Random) {
  return {
    readRate: 0.3 + rand() * 0.55,
    clickRate: 0.02 + rand() * rand() * 0.4,
    unsubscribeRate: 0.002 + rand() * rand() * 0.05,
  };
}

const NO_CHAIN = { chainDelay: 0, stoppedAt: 0 };

/**
 * 5–8 one-off deliveries and two chains. One-offs: the last one or two are waiting (made in
 * the last day and a half, not sent yet), the one before is in progress (started an hour or so
 * ago and going out slowly), the others done, sent at local daytime, more often late in the
 * period, when the channel has more people. Chains (auto messages a day or so after someone
 * subscribes): a running one, and an older one stopped halfway through the period.
 */
function planDeliveries(
  rand: Random,
  subscriptions: SubscriptionPlan[],
  period: Period,
): DeliveryPlan[] {
  const count = between(rand, 5, 8);
  const sent = count - (count >= 7 ? 2 : 1);
  const days = Math.floor((period.end - period.start) / DAY);
  const oneOffs = shuffled(rand, DELIVERY_TOPICS)
    .slice(0, count)
    .map((topic, index): DeliveryPlan => {
      const audience = subscriptions.findIndex((s) => s.name === topic.audience);
      const target = audience >= 0 && chance(rand, AUDIENCE_ONLY) ? audience : -1;
      const type: DeliveryType = target >= 0 ? "subscription" : index % 2 === 0 ? "once" : "single";
      const common = { name: topic.name, type, inactive: 0, target, ...NO_CHAIN, ...rates(rand) };
      if (index >= sent) {
        return {
          ...common,
          status: "waiting",
          createdAt: period.end - between(rand, HOUR, 36 * HOUR),
          sendSpread: 0,
        };
      }
      if (index === sent - 1) {
        return {
          ...common,
          status: "progress",
          createdAt: period.end - between(rand, 40 * 60, 100 * 60),
          sendSpread: 3 * HOUR,
        };
      }
      // From the second week on, denser towards the end, give or take a day.
      const position = Math.sqrt((index + 0.5) / sent);
      const day = Math.round(8 + (days - 10) * position + (rand() - 0.5) * 2);
      return {
        ...common,
        status: "done",
        createdAt: localDaytime(rand, period, day),
        sendSpread: 0,
      };
    });
  const chains: DeliveryPlan[] = [
    {
      name: "Welcome series: day 2",
      type: "chain",
      status: "progress",
      inactive: 0,
      createdAt: period.start - between(rand, 20 * DAY, 60 * DAY),
      // The welcome series of the channel's main list.
      target: 0,
      sendSpread: 0,
      chainDelay: between(rand, 22 * HOUR, 30 * HOUR),
      stoppedAt: period.end + 1,
      ...rates(rand),
      readRate: 0.75 + rand() * 0.15,
    },
    {
      name: "Welcome series (old): your first week",
      type: "chain",
      status: "done",
      inactive: 1,
      createdAt: period.start - between(rand, 90 * DAY, 120 * DAY),
      target: 0,
      sendSpread: 0,
      chainDelay: between(rand, 5 * DAY, 7 * DAY),
      stoppedAt: period.start + between(rand, 30 * DAY, 50 * DAY),
      ...rates(rand),
    },
  ];
  return [...oneOffs, ...chains];
}

export function planChannel(rand: Random, period: Period, partIds: { next: number }): ChannelPlan {
  const subscriptions = planSubscriptions(rand);
  return {
    subscriptions,
    tags: planTags(rand, subscriptions, period),
    bots: planBots(rand, period, partIds),
    deliveries: planDeliveries(rand, subscriptions, period),
  };
}

// ---------------------------------------------------------------------------------------------
// Variables

type ValueOf = (rand: Random, period: Period) => string;

const CITIES = [
  "Москва",
  "Санкт-Петербург",
  "Казань",
  "Екатеринбург",
  "Новосибирск",
  "Нижний Новгород",
  "Алматы",
  "Минск",
  "Moscow",
  "Saint Petersburg",
  "Riga",
  "Berlin",
  "Tbilisi",
] as const;

const DRINKS = [
  "капучино",
  "латте на овсяном",
  "раф лавандовый",
  "флэт уайт",
  "americano",
  "cold brew",
  "матча латте",
  "espresso",
  "cappuccino",
] as const;

const COMMENTS = [
  "Просил(а) без сахара",
  "Перезвонить после 18:00",
  "Любит овсяное молоко",
  "Ждёт новую партию зёрен из Кении",
  "Постоянный гость на Тверской",
  "VIP guest",
  "Allergic to nuts",
  "Prefers pickup at 8:30",
] as const;

const PROMO_WORDS = ["COFFEE", "WELCOME", "FRIEND", "AUTUMN", "LATTE", "BONUS"] as const;

function dateOf(rand: Random, period: Period): string {
  const at = period.start + Math.floor(rand() * (period.end - period.start));
  return formatApiDateTime(at * 1000, period.timeZone);
}

/** Variable names are Latin letters, digits and "_", as the API requires; values vary. */
export const VARIABLES: readonly { name: string; value: ValueOf }[] = [
  { name: "city", value: (rand) => pick(rand, CITIES) },
  { name: "plan", value: (rand) => pick(rand, ["free", "basic", "pro", "business"]) },
  {
    name: "last_order",
    value: (rand) => `${chance(rand, 0.5) ? "A-" : "№ "}${String(between(rand, 10_000, 99_999))}`,
  },
  {
    name: "promo_code",
    value: (rand) => `${pick(rand, PROMO_WORDS)}${String(5 * between(rand, 1, 6))}`,
  },
  { name: "favorite_drink", value: (rand) => pick(rand, DRINKS) },
  { name: "bonus_points", value: (rand) => String(between(rand, 0, 2500)) },
  {
    name: "birthday",
    value: (rand) =>
      `${String(between(rand, 1, 28)).padStart(2, "0")}.${String(between(rand, 1, 12)).padStart(2, "0")}.${String(between(rand, 1968, 2007))}`,
  },
  { name: "lang", value: (rand) => pick(rand, ["ru", "ru", "ru", "en", "kk", "de"]) },
  { name: "last_visit", value: dateOf },
  { name: "comment", value: (rand) => pick(rand, COMMENTS) },
];

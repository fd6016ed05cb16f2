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
    photo: "https://picsum.photos/seed/coffee-club-tg/200",
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
    photo: "https://picsum.photos/seed/coffee-club-vk/200",
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

export interface TagPlan {
  name: string;
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
}

export interface DeliveryPlan {
  name: string;
  status: "sent" | "scheduled";
  createdAt: number;
  /** Index in the plan's subscriptions, or -1 for everyone in any subscription. */
  target: number;
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

/** 6–10 distinct (campaign, source) pairs, each leading to one subscription. */
function planTags(rand: Random, subscriptions: SubscriptionPlan[], period: Period): TagPlan[] {
  const pairs = CAMPAIGNS.flatMap((campaign) => SOURCES.map((source) => ({ campaign, source })));
  const weights = subscriptions.map((subscription) => subscription.weight);
  return shuffled(rand, pairs)
    .slice(0, between(rand, 6, 10))
    .map(({ campaign, source }) => ({
      name: `${campaign.label} — ${source.label}`,
      utmSource: source.source,
      utmMedium: source.medium,
      utmCampaign: campaign.campaign,
      utmContent: pick(rand, CONTENTS),
      utmTerm: pick(rand, TERMS),
      subscription: Math.max(0, pickWeighted(rand, weights)),
      weight: 0.3 + rand(),
      createdAt: period.start - between(rand, 2 * DAY, 40 * DAY),
    }));
}

// ---------------------------------------------------------------------------------------------
// Bots

const BOTS: readonly { title: string; steps: readonly string[] }[] = [
  {
    title: "Welcome bot",
    steps: [
      "Welcome",
      "Choose your drink",
      "Your 10% promo code",
      "How was your first visit?",
      "Join the loyalty club",
      "See you soon",
    ],
  },
  {
    title: "Order feedback",
    steps: [
      "Thank you for your order",
      "Rate your coffee",
      "Tell us more",
      "Gift for your feedback",
      "Follow-up",
      "Thank you",
    ],
  },
  {
    title: "Loyalty onboarding",
    steps: [
      "Welcome to the club",
      "How points work",
      "Your first bonus",
      "Birthday reminder",
      "Invite a friend",
      "Level up",
    ],
  },
  {
    title: "Quiz: find your coffee",
    steps: [
      "Start the quiz",
      "Sweet or bitter?",
      "Milk or no milk?",
      "Your match",
      "Order with a discount",
      "Share the result",
    ],
  },
  {
    title: "Бронирование столика",
    steps: [
      "Привет!",
      "Выберите дату",
      "Выберите время",
      "Подтверждение",
      "Напоминание",
      "Спасибо за визит",
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
 * 3–4 bots of 3–6 steps. When there are four, the last is a draft (not published) that only
 * its authors have tried, in test runs.
 */
function planBots(rand: Random, period: Period, partIds: { next: number }): BotPlan[] {
  const count = between(rand, 3, 4);
  return shuffled(rand, BOTS)
    .slice(0, count)
    .map((bot, index) => {
      const draft = count === 4 && index === 3;
      const steps = bot.steps.slice(0, between(rand, 3, 6)).map((title, position) => ({
        stepId: stepId(rand, position),
        title,
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

/**
 * 5–8 deliveries: the last one or two are scheduled (made in the last day and a half, not sent
 * yet); the others were sent at local daytime, more often late in the period, when the channel
 * has more people.
 */
function planDeliveries(
  rand: Random,
  subscriptions: SubscriptionPlan[],
  period: Period,
): DeliveryPlan[] {
  const count = between(rand, 5, 8);
  const sent = count - (count >= 7 ? 2 : 1);
  const days = Math.floor((period.end - period.start) / DAY);
  return shuffled(rand, DELIVERY_TOPICS)
    .slice(0, count)
    .map((topic, index) => {
      const audience = subscriptions.findIndex((s) => s.name === topic.audience);
      const target = audience >= 0 && chance(rand, AUDIENCE_ONLY) ? audience : -1;
      if (index >= sent) {
        return {
          name: topic.name,
          status: "scheduled",
          createdAt: period.end - between(rand, HOUR, 36 * HOUR),
          target,
        };
      }
      // From the second week on, denser towards the end, give or take a day.
      const position = Math.sqrt((index + 0.5) / sent);
      const day = Math.round(8 + (days - 10) * position + (rand() - 0.5) * 2);
      return {
        name: topic.name,
        status: "sent",
        createdAt: localDaytime(rand, period, day),
        target,
      };
    });
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

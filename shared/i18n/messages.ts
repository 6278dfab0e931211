import type { Language } from "../route-table";
import { translatorFor, type Translate } from "./translator";
import cs from "./messages/cs.json";
import en from "./messages/en.json";
import pl from "./messages/pl.json";

/** The shop's screen and error messages; English holds every key, so its shape is the catalogue's type. */
export type Messages = typeof en;

/** The meal plans the catalogues name (`meal.*`); a room with none says so as `no_plan`. */
export type MealPlanKey = "no_plan" | "breakfast_included" | "half_board" | "full_board" | "all_inclusive";

/** All messages, per language; the browser only ever receives its own language's file. */
export const messages: Record<Language, Messages> = { cs, pl, en };

/** The shop's messages in one language, as loaders, actions, e-mails and server pages translate them. */
export function translatorOf(language: Language): Translate {
  return translatorFor(language, messages[language]);
}

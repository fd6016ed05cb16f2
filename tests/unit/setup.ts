import { i18n } from "@lingui/core";
import { sharedCatalogs } from "../support/i18n";

// Feature code that runs outside React reads the app's one Lingui instance: English in tests,
// with the real shared catalog (pure functions of src/lib get their own, from testI18n()).
i18n.load(sharedCatalogs);
i18n.activate("en");

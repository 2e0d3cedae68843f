import { SignInMethods } from "../features/accounts/sign-in-methods";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

// The sign-in pages' catalog, which holds this page's strings (features/accounts).
void loadCatalog("accounts").finally(() => mount("account-sign-in", SignInMethods));

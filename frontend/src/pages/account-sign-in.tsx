import { SignInMethods } from "../features/accounts/sign-in-methods";
import { mount } from "../lib/mount";

mount("account-sign-in", SignInMethods);

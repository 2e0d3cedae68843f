import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];
type Message = Schemas["Message"];

export const authApi = {
  login: (email: string, password: string) => api.post<Schemas["LoginOutput"]>(urls.login, { email, password }),
  register: (email: string, password: string) => api.post<Message>(urls.register, { email, password }),
  verify: (token: string) => api.get<Schemas["VerifyOutput"]>(urls.verify(token)),
  resendVerification: (email: string) => api.post<Message>(urls.resendVerification, { email }),
  whitelist: () => api.get<string[]>(urls.whitelist),
  resetRequest: (email: string) => api.post<Message>(urls.resetRequest, { email }),
  resetConfirm: (token: string, password: string) => api.post<Message>(urls.resetConfirm(token), { password }),
  logout: () => api.post<Message>(urls.logout),
  user: () => api.get<Schemas["UserOutput"]>(urls.user),
  signInMethods: () => api.get<SignInMethods>(urls.signInMethods),
  unlink: (provider: string) => api.delete<SignInMethods>(urls.signInMethod(provider)),
  addUniversityEmail: (email: string) => api.post<Schemas["UniversityEmailOutput"]>(urls.universityEmail, { email }),
};

/** The password and each sign-in provider of the signed-in person. */
export type SignInMethods = Schemas["SignInMethods"];

import { api } from "../lib/api";
import type { PortalUser } from "../lib/config";

export const authApi = {
  login: (email: string, password: string) =>
    api.post<{ user: PortalUser }>("/api/auth/login", { email, password }),
  register: (email: string, password: string) =>
    api.post<{ message: string }>("/api/auth/register", { email, password }),
  verify: (token: string) => api.get<{ message: string }>(`/api/auth/verify/${encodeURIComponent(token)}`),
  whitelist: () => api.get<string[]>("/api/auth/whitelist"),
  resetRequest: (email: string) => api.post<{ message: string }>("/api/auth/reset_password", { email }),
  resetConfirm: (token: string, password: string) =>
    api.post<{ message: string }>(`/api/auth/reset_password/${encodeURIComponent(token)}`, { password }),
  logout: () => api.post("/api/auth/logout"),
  user: () => api.get<PortalUser>("/api/auth/user"),
};

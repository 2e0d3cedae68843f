// The admin home's numbers: where the current cycle stands and what to do next.
import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];

export type AdminHome = Schemas["Home"];
export type FunnelStage = Schemas["Stage"];

export const homeApi = {
  home: () => api.get<AdminHome>(urls.adminHome),
};

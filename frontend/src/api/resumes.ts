import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];

export const resumesApi = {
  submitted: () => api.get<Schemas["Submitted"]>(urls.resumeSubmitted),
  upload: (file: File) => {
    const form = new FormData();
    form.append("resume", file);
    return api.upload<Schemas["ResumeUploaded"]>(urls.resumeUpload, form);
  },
};

import { api } from "../lib/api";

export const resumesApi = {
  submitted: () => api.get<{ submitted: boolean }>("/api/resume/submitted"),
  upload: (file: File) => {
    const form = new FormData();
    form.append("resume", file);
    return api.upload<unknown>("/api/resume/upload", form);
  },
};

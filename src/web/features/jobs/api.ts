/** Background jobs (server: src/server/features/jobs/jobs.routes.ts); shapes from src/contract/jobs.ts. */
import { useQuery } from "@tanstack/react-query";
import { isJobDone, type JobStatus } from "../../../contract/jobs";
import { api } from "../../lib/api";

export type { JobStatus };
export { isJobDone };

export const jobsApi = {
  get: (id: string) => api<JobStatus>(`/api/jobs/${encodeURIComponent(id)}`),
  cancel: (id: string) => api<JobStatus>(`/api/jobs/${encodeURIComponent(id)}/cancel`, { method: "POST" }),
};

/** Follows a job: polls every 500 ms until it is succeeded, failed or cancelled (null id: idle). */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: ["job", id],
    queryFn: () => jobsApi.get(id!),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && isJobDone(q.state.data.state) ? false : 500),
    refetchIntervalInBackground: true,
  });
}

import { useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { makeQueryClient, QueryProvider, shouldRetry } from "./query";

describe("shouldRetry", () => {
  it.each([
    [new ApiError(400, { message: "bad" }), 0, false],
    [new ApiError(403, {}), 0, false],
    [new ApiError(404, {}), 0, false],
    [new ApiError(500, {}), 0, true],
    [new ApiError(503, {}), 1, false],
    [new TypeError("Failed to fetch"), 0, true],
    [new TypeError("Failed to fetch"), 1, false],
  ])("%s after %i failures: %s", (error, failures, expected) => {
    expect(shouldRetry(failures, error)).toBe(expected);
  });
});

function Probe() {
  const query = useQuery({
    queryKey: ["probe"],
    queryFn: () => Promise.reject(new ApiError(403, { message: "Only organizers can do this." })),
  });
  if (query.isPending) return <p>loading</p>;
  return <p>{query.error instanceof ApiError ? query.error.message : "no error"}</p>;
}

describe("QueryProvider", () => {
  it("shows a 4xx at once, without retrying it", async () => {
    render(
      <QueryProvider client={makeQueryClient()}>
        <Probe />
      </QueryProvider>,
    );
    expect(await screen.findByText("Only organizers can do this.")).toBeInTheDocument();
  });
});

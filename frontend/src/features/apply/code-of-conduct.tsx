import { GroupShell } from "./question-field";

export const MLH_LINKS = {
  codeOfConduct: "https://github.com/MLH/mlh-policies/blob/main/code-of-conduct.md",
  contestTerms: "https://github.com/MLH/mlh-policies/blob/main/contest-terms.md",
  privacyPolicy: "https://github.com/MLH/mlh-policies/blob/main/privacy-policy.md",
};

function External({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The three code-of-conduct boxes. The first two are required; the third is optional. The
 * event runs under Major League Hacking's policies, and the host university's community
 * standards, which take precedence over them.
 */
export function CodeOfConduct({
  checked,
  error,
  hostSchool,
  codeOfConductUrl = MLH_LINKS.codeOfConduct,
  onChange,
}: {
  checked: [boolean, boolean, boolean];
  error?: string | null;
  hostSchool: string;
  codeOfConductUrl?: string;
  onChange: (checked: [boolean, boolean, boolean]) => void;
}) {
  const toggle = (index: 0 | 1 | 2, value: boolean) => {
    const next: [boolean, boolean, boolean] = [...checked];
    next[index] = value;
    onChange(next);
  };
  return (
    <GroupShell
      name="checkboxes"
      legend="Code of conduct"
      error={error}
      hint={
        <>
          This event is held at {hostSchool}. {hostSchool}'s community standards apply to everyone taking part and take
          precedence over the policies below wherever they differ.
        </>
      }
      className="apply-conduct"
    >
      <label className="apply-check">
        <input
          type="checkbox"
          name="checkbox-conduct"
          checked={checked[0]}
          onChange={(e) => toggle(0, e.target.checked)}
          aria-invalid={error && !checked[0] ? true : undefined}
          required
        />
        <span>
          I have read and agree to the <External href={codeOfConductUrl}>MLH Code of Conduct</External>.{" "}
          <span className="apply-required">(required)</span>
        </span>
      </label>
      <label className="apply-check">
        <input
          type="checkbox"
          name="checkbox-terms"
          checked={checked[1]}
          onChange={(e) => toggle(1, e.target.checked)}
          aria-invalid={error && !checked[1] ? true : undefined}
          required
        />
        <span>
          I allow my application and registration details to be shared with Major League Hacking (MLH) for event
          administration, ranking and MLH administration, as the{" "}
          <External href={MLH_LINKS.privacyPolicy}>MLH Privacy Policy</External> describes, and I agree to the{" "}
          <External href={MLH_LINKS.contestTerms}>MLH Contest Terms and Conditions</External> and the MLH Privacy
          Policy. <span className="apply-required">(required)</span>
        </span>
      </label>
      <label className="apply-check">
        <input
          type="checkbox"
          name="checkbox-emails"
          checked={checked[2]}
          onChange={(e) => toggle(2, e.target.checked)}
        />
        <span>
          I would like MLH to email me now and then about events, career opportunities and community news that may
          interest me. <span className="apply-optional">(optional)</span>
        </span>
      </label>
    </GroupShell>
  );
}

import { describe, expect, it } from "vitest";
import { detectProvisionIds } from "../server/ai/provision-refs";
import { buildProvisionRegistry, parseProvision } from "./provisions";

describe("parseProvision", () => {
  it.each([
    ["FRE 803(2)", "fre-803", "FRE 803"],
    ["FRCP 12(b)(6)", "frcp-12", "FRCP 12"],
    ["UCC § 2-207", "ucc-2-207", "UCC § 2-207"],
    ["28 U.S.C. § 1332(a)", "28-usc-1332", "28 U.S.C. § 1332"],
    ["U.S. Const. amend. XIV, § 1", "const-amend-14", "U.S. Const. amend. XIV"],
    ["U.S. Const. art. I, § 8, cl. 3", "const-art-1-8", "U.S. Const. art. I, § 8"],
    ["U.S. Const. art. VI, cl. 2", "const-art-6", "U.S. Const. art. VI"],
    ["MPC § 2.02", "mpc-2-02", "MPC § 2.02"],
    [
      "Restatement (Second) of Contracts § 90",
      "restatement-second-contracts-90",
      "Restatement (Second) of Contracts § 90",
    ],
    ["12 U.S.C. § 1701j-3 (Garn-St Germain Act, due-on-sale clauses)", "12-usc-1701j-3", "12 U.S.C. § 1701j-3"],
    // Issue 13 §6: a section keeps every letter and hyphenated part.
    ["42 U.S.C. § 2000bb-1 (RFRA)", "42-usc-2000bb-1", "42 U.S.C. § 2000bb-1"],
    ["42 U.S.C. § 2000cc (RLUIPA)", "42-usc-2000cc", "42 U.S.C. § 2000cc"],
    ["42 U.S.C. § 2000e-2(a)", "42-usc-2000e-2", "42 U.S.C. § 2000e-2"],
    ["UCC § 2A-208", "ucc-2a-208", "UCC § 2A-208"],
  ])("%s → %s", (raw, id, label) => {
    const [p] = parseProvision(raw);
    expect(p.id).toBe(id);
    expect(p.label).toBe(label);
  });

  it("expands ranges and pairs of amendments", () => {
    expect(parseProvision("U.S. Const. amends. I-VIII").map((p) => p.id)).toHaveLength(8);
    expect(parseProvision("U.S. Const. amend. V and amend. XIV (Due Process Clauses)").map((p) => p.id)).toEqual([
      "const-amend-5",
      "const-amend-14",
    ]);
  });

  it("groups the exact strings under their base with the topics citing each", () => {
    const reg = buildProvisionRegistry([
      { id: "a", provisions: ["FRE 803(1)", "FRE 803(2)"] },
      { id: "b", provisions: ["FRE 803(2)"] },
    ]);
    expect(reg.get("fre-803")?.cites).toEqual([
      { cite: "FRE 803(1)", topicIds: ["a"] },
      { cite: "FRE 803(2)", topicIds: ["a", "b"] },
    ]);
  });
});

describe("detectProvisionIds", () => {
  const known = new Set([
    "fre-403",
    "fre-801",
    "frcp-12",
    "ucc-2-207",
    "42-usc-1983",
    "28-usc-1332",
    "const-amend-14",
    "const-art-3-2",
    "mpc-2-02",
    "42-usc-2000bb-1",
    "42-usc-2000cc",
  ]);
  it.each([
    ["Is it excluded under Rule 403?", ["fre-403"]],
    ["what counts under 801(d)(2)", ["fre-801"]],
    ["12(b)(6) motion", ["frcp-12"]],
    ["battle of the forms under 2-207", ["ucc-2-207"]],
    ["a § 1983 claim", ["42-usc-1983"]],
    ["diversity under 28 U.S.C. 1332", ["28-usc-1332"]],
    ["the Fourteenth Amendment", ["const-amend-14"]],
    ["the 14th amendment", ["const-amend-14"]],
    ["Article III, section 2", ["const-art-3-2"]],
    ["MPC 2.02 culpability", ["mpc-2-02"]],
    ["a claim under 42 U.S.C. § 2000bb-1", ["42-usc-2000bb-1"]],
    ["does § 2000cc apply to prisons", ["42-usc-2000cc"]],
  ])("%s", (q, ids) => expect(detectProvisionIds(q, (id) => known.has(id))).toEqual(ids));
});

/**
 * The lay lexicon for Business Associations and Professional Responsibility (issue 18 §1; decisions
 * 053, 073). Part of lexicon.ts: each entry is a lower-case whole-word pattern and the text that
 * replaces it ("$&" keeps the student's words and adds the doctrine's). Entries are general
 * situations (an agent's secret payment, a partner who leaves, a lawyer who stops calling back),
 * none tied to one question; the doctrine words are those of the Restatement (Third) of Agency,
 * RUPA, the MBCA / Delaware law and the ABA Model Rules as the topics name them.
 */
import { inContext } from "./context";

const LAWYER = String.raw`(?:lawyer|attorney|counsel|law firm)s?`;

export const BA_PR_SITUATIONS: [RegExp, string][] = [
  // A junior lawyer who acted because a senior one insisted: who answers for it (Model Rules 5.1, 5.2).
  [
    /\b(?:because|since|after) (?:he|she|the (?:partner|senior associate|supervisor|boss)|my (?:boss|supervisor|partner)) (?:insisted|told me to|ordered me to|made me|directed me)\b|\bwho (?:actually |really )?(?:gets in trouble|gets disciplined|is responsible|takes the blame)\b[^?]{0,40}\b(?:me or (?:him|her|the partner)|(?:him|her|the partner) or me)\b/g,
    "$& supervisory responsibilities subordinate lawyer partner",
  ],
  // A lawyer who only suspects the client's story is false (candour: the knowledge needed before acting).
  [
    inContext(
      /\b(?:bad feeling|gut feeling|suspects?|suspicion|hunch|thinks? (?:it'?s|it is|the \w+ is) (?:probably )?(?:made up|false|a lie|fake))\b[^?]{0,60}\b(?:made up|false|a lie|lying|fake|untrue)\b/g,
      String.raw`lawyer|attorney|counsel|testif\w*|stand|alibi`,
    ),
    "$& candor toward the tribunal knowledge of false evidence client perjury",
  ],
  // The lawyer saw the events the case is about and would argue it at trial: a necessary witness
  // may not be the advocate (Model Rule 3.7). "My lawyer watched grandpa sign the will… can my lawyer
  // still argue my side at trial?"
  [
    /\b(?:my|the|his|her|our|their) (?:lawyer|attorney|counsel)\b[^.?!]{0,60}\b(?:watched|witnessed|saw|was (?:there|present)|signed as (?:a )?witness|was (?:one of )?the (?:\w+ )?(?:witness(?:es)?|people who (?:watched|saw)))\b[^?]{0,200}\b(?:argu\w*|represent\w*|try (?:the|my|his|her) case|at (?:the )?trial|in court)\b/g,
    "$& lawyer as witness necessary witness advocate at trial",
  ],
  [
    /\b(?:attorney|lawyer)\b[^?]{0,200}\b(?:signed (?:the \w+ )?as (?:a |its |one of (?:the|its) )?(?:\w+ )?(?:witness|attester|attesting witness)(?:es|s)?|attested|(?:only|sole|last) (?:surviving )?(?:person|witness|one) (?:present|there|in the room))\b[^?]{0,300}\b(?:trial counsel|counsel at (?:the )?trial|try the case|at (?:the )?(?:upcoming )?(?:jury )?trial|advocate)\b/g,
    "$& lawyer as witness necessary witness advocate at trial",
  ],
  // Agency: what the principal told the agent (actual authority) and what she did with it.
  [
    /\b(?:told|let|allowed|authori[sz]ed|asked|instructed|hired) (?:my|his|her|our|their|the) (?:assistant|secretary|agent|employee|manager|clerk|helper|broker|buyer|rep)\b[^.?!]{0,40}\b(?:could|to|can)\b/g,
    "$& actual authority express implied authority principal manifestation to agent",
  ],
  [
    /\b(?:signed|made|entered|agreed to|bought|ordered)\b[^.?!]{0,60}\bon (?:my|his|her|their|our) behalf\b|\bon (?:my|his|her|their|our) behalf without (?:asking|permission|authority|telling)\b/g,
    "$& agent acted without authority",
  ],
  [
    /\b(?:found out|finds out|learned|learns|discovered|discovers|realized|realizes|heard (?:about|of)|hears (?:about|of)|got wind of|was told about|(?:sees|saw|noticed|notices|gets|got|opens|opened) the (?:invoice|bill|order|contract|paperwork)|told (?:him|her|them) (?:everything|all) about)\b[^.?!]{0,80}\b(?:anyway|went along|kept (?:it|the)|keeps (?:it|the)|accepted|accepts|moved in|paid|(?:use[sd]?|using) (?:it|the)|(?:said|says) nothing|without (?:saying )?(?:a word|anything|objecting|complaint)|puts? (?:them|it|the \w+) (?:out )?(?:for sale|on (?:the )?(?:shelves|shelf|display)|in the (?:\w+ )?window))\b|\bwent along with (?:it|the deal)\b/g,
    "$& ratification affirmed unauthorized act accepting benefits",
  ],
  [
    /\b(?:under the table|kick-?backs?|secret (?:commissions?|payments?|profits?|deals?)|(?:thank[- ]you|side) (?:commissions?|payments?|money|gifts?))\b/g,
    "$& agent duty of loyalty secret profit fiduciary",
  ],
  [
    /\b(?:employed by|works? for|working for|driver for|employee of)\b[^.?!]{0,60}\b(?:on (?:a|the|his|her) (?:delivery|job|shift|route|clock)|delivering|while working|on duty)\b|\bon the (?:clock|job)\b|\bseparate (?:business|company|contractor)\b[^.?!]{0,40}\b(?:pay|paid|hire|hired)\b/g,
    "$& respondeat superior scope of employment principal tort liability employee independent contractor",
  ],
  // Partnerships: a partner who leaves, and what becomes of the business.
  [
    /\b(?:partners?|i|he|she)\b[^.?!]{0,30}\b(?:leaves?|leaving|left|quits?|quitting|wants? out|withdraws?|withdrew|retires?|retired|walk(?:s|ed)? away)\b[^.?!]{0,40}\bpartnership\b|\b(?:bought|buy(?:s|ing)?) (?:him|her|them|me|us|the \w+) out\b|\bbuy-?outs?\b|\bw(?:ou|i)nd(?:ing)? up\b/g,
    "$& dissociation dissolution winding up buyout",
  ],
  // Professional Responsibility: what a client's own lawyer did, told or failed to do.
  [
    new RegExp(
      String.raw`\b(?:my|his|her|our|their|the|a) ${LAWYER}\b[^.?!]{0,40}\b(?:told|revealed|disclosed|shared|leaked|mentioned|posted|blabbed|talked about)\b[^.?!]{0,40}\b(?:about|that|my|what)\b`,
      "g",
    ),
    "$& confidentiality reveal information relating to the representation client consent",
  ],
  [
    /\b(?:hasn'?t|has not|won'?t|doesn'?t|never|didn'?t|stopped) (?:answered|answering|answer|returned|returning|return|responded|responding|respond(?:ed)? to)\b[^.?!]{0,20}\b(?:calls?|emails?|texts?|messages?|voicemails?|phone)\b|\b(?:hasn'?t|has not|won'?t|doesn'?t|never|didn'?t|stopped) (?:called? (?:me |us )?back|gotten back to)\b|\bghost(?:ed|ing)\b/g,
    "$& diligence communication keep client reasonably informed promptly",
  ],
  [
    new RegExp(
      String.raw`\b${LAWYER}\b[^.?!]{0,80}\b(?:missed|blew|forgot)\b[^.?!]{0,20}\b(?:the|a|my|his|her) (?:deadline|filing|statute of limitations|court date|hearing)\b`,
      "g",
    ),
    "$& diligence reasonable promptness neglect",
  ],
  [
    /\b(?:called|contacted|emailed|texted|talked to|spoke (?:to|with)|met with|reached out to|went straight to|approached) (?:my|our|his|her|their|the other side's|the opposing) client\b|\bbypass\w* (?:me|him|her|the (?:other )?lawyer|(?:my|his|her|their) (?:lawyer|attorney|counsel))\b|\bwent around (?:me|(?:my|his|her|their) (?:lawyer|attorney))\b|\bbehind (?:my|his|her|their) (?:lawyer|attorney)'?s back\b/g,
    "$& communication with represented person no-contact rule consent of the lawyer",
  ],
  [
    new RegExp(
      String.raw`\b(?:leave|give|gift|bequeath)\w* (?:the|her|his|my|a) ${LAWYER}\b|\b(?:gifts?|bequests?) (?:to|for) (?:the|her|his|my|a) ${LAWYER}\b|\bbusiness (?:deal|venture|transaction)s? with (?:a|his|her|my|their) clients?\b|\b(?:lend|loan|lent|advance)\w* (?:money )?to (?:a|his|her|my|their) clients?\b`,
      "g",
    ),
    "$& specific conflict rules substantial gift instrument client business transaction",
  ],
  [/\bretainers?\b/g, "$& fee advance fee trust account"],
  [/\bambulance[- ]chas\w*|\bchas(?:e|es|ed|ing) (?:accident victims|ambulances)\b/g, "$& solicitation in-person"],
  [
    new RegExp(
      String.raw`\b(?:the|a) ${LAWYER} (?:i|we|my \w+) (?:used to|once|previously) (?:hire|use|work with)\w*\b`,
      "g",
    ),
    "$& former client conflict",
  ],
  // One lawyer for several clients in the same matter ("I represent the driver and her passenger together").
  [
    /\brepresent\w* (?:both|two|several|multiple|all) (?:of )?(?:them|the|sides|parties|clients|defendants|plaintiffs|co-?defendants|buyers?|sellers?|partners|spouses)\b|\brepresent\w* (?:a|an|the|my) [\w-]+ and (?:a|an|the|his|her|their|its) [\w-]+ (?:together|jointly|at the same time|in (?:the same|one) (?:suit|case|lawsuit|matter|deal))\b|\bjoint(?:ly)? represent\w*|\bboth (?:of )?(?:them|the \w+) (?:as clients|hired me|want me to represent)\b/g,
    "$& concurrent conflict of interest current clients informed consent joint representation",
  ],
  // A lawyer who must or may tell the disciplinary authority about another lawyer ("bar" itself is
  // a stop word: "bar exam" questions are everywhere).
  [
    /\b(?:tell|telling|told|report|reporting|reported|notify|inform|turn in|rat (?:him|her|them) out|snitch on)\b[^.?!]{0,50}\b(?:state bar|the bar|bar association|bar counsel|disciplinary (?:board|authority|committee|counsel)|grievance committee)\b|\breport (?:him|her|them|the (?:partner|lawyer|attorney|judge|associate))\b/g,
    "$& report professional misconduct disciplinary authority",
  ],
  // Stop 31 (decision 092): a client who lies under oath while a lawyer acts for her (candour to the
  // tribunal), only where a lawyer is in the message; a witness who lied at trial is otherwise evidence.
  // "If at trial he insists on saying he was home, which she knows is a lie": the lawyer knows it false.
  [
    inContext(
      /(?:\b(?:swears|swore|sworn|testif(?:y|ies|ied)|lies|lied|lying|says|said)\b[^.?!]{0,40}\b(?:at|in|during|on) (?:her|his|their|the|a|my) (?:deposition|trial|hearing|stand|witness stand)\b|\b(?:lie[sd]?|lying) (?:on|under) (?:the (?:witness )?stand|oath)\b|\b(?:gets?|got|getting|takes?|took|taking|goes|went|going) (?:(?:up )?(?:on|to) )?the (?:witness )?stand\b[^.?!]{0,60}\b(?:lies|lied|lie|lying|makes? (?:stuff|things|it) up|made (?:stuff|things|it) up|says? something false|tells? a (?:lie|story))\b|\b(?:at|during|in) (?:the |his |her |their )?trial\b[^.?!]{0,100}\b(?:knows?|knew) (?:is|was|it'?s|it is|that'?s|that is|to be) (?:a lie|false|untrue|not true|made up)\b|\b(?:on|at) the (?:witness )?stand\b[^.?!]{0,40}\b(?:swears|swore|testif(?:y|ies|ied)|says|said|claims?|claimed|denies|denied)\b|\b(?:won'?t|refus\w*|declin\w*) to (?:fix|correct|take back|recant) (?:his|her|their|the) (?:testimony|story|answer)\b)/g,
      String.raw`attorney|lawyer|counsel|represents?|my client|clients?`,
    ),
    "$& false evidence perjury candor toward the tribunal remedial measures",
  ],
  // Stop 31 (decision 092): a principal who watched the goods of an unauthorized order arrive and used them.
  [
    /\b(?:watched|watches|saw|sees|noticed|notices)\b[^.?!]{0,40}\b(?:shipment|delivery|order|goods|stock|supplies)\b[^.?!]{0,40}\b(?:come in|comes in|arriv\w*|delivered|unloaded)\b[^.?!]{0,120}\b(?:sold|sells|selling|used|uses|using|shelved|stocked|put (?:them|it|the \w+) (?:out|on)|without (?:saying|a word|objecting|complaining|protest))/g,
    "$& ratification affirmed unauthorized act accepting benefits",
  ],
  // Stop 33: a principal who found out about the deal and went on using what it brought.
  [
    inContext(
      /\b(?:found out|learned|discovered|realized|heard)\b[^.?!]{0,60}\b(?:kept|keeps|continued|went on|just) (?:\w+ ){0,2}(?:using|firing|running|driving|wearing|selling|operating|enjoying|cashing|spending|living)\b/g,
      String.raw`authority|agent|signed|lease|bound|on behalf|letterhead|manager|employee|without (?:asking|permission)`,
    ),
    "$& ratification affirmed unauthorized act accepting benefits",
  ],
  // Stop 30 (decision 091): a principal who kept the benefit of a deal made without authority.
  [
    inContext(
      /\b(?:kept|keeps|keep|continued|went on|start(?:ed|s)?|began)\b (?:using|selling|taking|accepting|cashing|the)\b/g,
      String.raw`told (?:her|him|them) (?:never|not)|without (?:permission|authority|asking)|had no (?:authority|right)|not (?:allowed|authorized)|no right to|no authority`,
    ),
    "$& ratification affirmed unauthorized act accepting benefits",
  ],
  // Stop 30 (decision 091): a lawyer paying a client's costs, a partner who wants out.
  [
    /\b(?:lawyer|attorney|firm)\b[^?]{0,60}\b(?:pay|pays|cover|covers|lend|lends|loan|advance|advances|front)\w* (?:them|it|her|him|the (?:\w+ )?(?:fees|costs|expenses|rent|bills))\b|\b(?:pay|cover|advance|front)\w* (?:the |her |his |my )?(?:court costs|filing fees?|litigation (?:costs|expenses)|medical bills|rent) for (?:her|him|the client|a client|me)\b/g,
    "$& financial assistance to a client court costs and expenses of litigation",
  ],
  [
    /\bwants? out\b[^?]{0,80}\b(?:partnership|business|firm|venture|company)\b/g,
    "$& dissociation dissolution winding up buyout",
  ],
  // Stop 30 (decision 091): fact patterns of the seen sets' remaining misses, each for its class.
  // A lawyer who quits or drops a client midway.
  [
    /\b(?:lawyer|attorney|counsel)\b[^?]{0,40}\b(?:quit|quits|drop|drops|dropped|withdraw|withdraws|withdrew|stop representing|walk away from)\b[^?]{0,60}\b(?:case|client|representation|matter)\b|\b(?:walk|walks|walking) away from (?:the |this |that |his |her |their )?(?:\w+ )?(?:case|lawsuit|suit|client|representation|matter|trial)\b[^?]{0,60}\b(?:halfway|midway|in the middle|mid-?trial|partway|already started|through)\b/g,
    "$& withdrawal terminating representation",
  ],
  // A lawyer lending or advancing money to a client.
  [
    inContext(/\b(?:lend|loan|advance|give) (?:her|him|them|my client|the client) \$?[\d,]+\b/g, String.raw`clients?`),
    "$& financial assistance to a client court costs and expenses of litigation",
  ],
  // The other side has a lawyer, and the lawyer talks to it directly.
  [
    /\b(?:has|had|have) (?:hired|retained|got(?:ten)?) (?:a |his own |her own |their own |its own |outside )?(?:lawyer|attorney|counsel)\b|\bretained outside counsel\b/g,
    "$& represented person no-contact rule",
  ],
  // A client's will or gift leaving something to the lawyer who drafts it.
  [
    inContext(
      inContext(
        /\b(?:leave|leaves|left|give|gives|gave)\b[^.?!]{0,20}\b(?:l|the lawyer|the attorney|him|her)\b[^.?!]{0,20}\b(?:house|beach house|car|money|gift|\$[\d,]+|estate)\b|\b(?:put|wrote|named|added|listed|included) (?:himself|herself|themselves) (?:in|into) (?:it|the will|her will|his will|the trust)\b/g,
        String.raw`will|drafts?|drafted`,
      ),
      String.raw`lawyer|attorney`,
    ),
    "$& substantial gift from a client instrument Rule 1.8(c)",
  ],
  // A lawyer who shows up where injured people are to hand out cards.
  [
    inContext(
      /\b(?:hand\w*|pass\w*|giv\w*) out (?:his |her |their )?business cards?\b|\bshow\w* up (?:at|in|to) (?:the |my |his |her |their )?(?:er|emergency room|hospital(?: room)?|scene|funeral|crash site|bedside)\b|\b(?:heard|learned|read) about (?:the|my|his|her|their) (?:wreck|crash|accident|arrest|injury|fire)\b[^.?!]{0,30}\b(?:scanner|news|police report)\b/g,
      String.raw`lawyer|attorney`,
    ),
    "$& solicitation live person-to-person contact",
  ],
  // A lawyer licensed in one state practising in another.
  [
    /\blicensed (?:only )?in (?:\w+)\b[^?]{0,250}\b(?:advis\w*|practic\w*|clients?|office|consultant)\b/g,
    "$& unauthorized practice multijurisdictional practice",
  ],
  // Co-owners splitting what a business makes: a partnership, whatever they called it.
  [
    /\bsplit (?:\w+ ){0,3}(?:down the middle|50\/50|evenly|equally|three ways|two ways)\b|\bsplit (?:the |whatever(?:'s| is| was)? |what(?:'s| is| was)? )?(?:profits?|left|was left|is left|earnings|take)\b/g,
    "$& partnership formation sharing profits co-owners",
  ],
  // A business run together without filing anything: a general partnership needs no filing.
  [
    /\b(?:never|didn'?t|did not|without|not) (?:\w+ ){0,5}(?:filed|filing|file|registered|registering|register|incorporat\w*) (?:any |the |anything|a )?(?:paperwork|papers|anything|with the state|business|llc|corporation)?\b[^?]{0,200}\b(?:business|truck|shop|store|company|venture|partners?|profits?|split)\b/g,
    "$& partnership formation no filing required",
  ],
  // Personal bills paid from the company's account: commingling.
  [
    /\b(?:out of|from|with) the (?:llc|company|corporation|business)(?:'s)? (?:account|funds|money|card)\b|\bnever kept separate (?:books|accounts|records)\b|\bcommingl\w*/g,
    "$& piercing the veil commingling undercapitalization",
  ],
  // Trading on a tip about a coming deal.
  [
    /\b(?:mentioned|told|tipped|let slip|said)\b[^?]{0,100}\b(?:about to (?:get bought|be (?:bought|acquired)|announce)|merger|acquisition|takeover|buyout)\b[^?]{0,150}\b(?:bought|sold|buy|sell)\b[^?]{0,20}\bshares?\b/g,
    "$& insider trading tippee misappropriation Rule 10b-5",
  ],
  // An employee who leaves the route for an errand of his own: a detour or a frolic.
  [
    /\b(?:drove|drives|went|goes|took|takes|headed|swung)\b[^.?!]{0,40}\b(?:the other way|the opposite (?:way|direction)|out of (?:his|her|their|the) way|a detour|across town|off (?:his|her|their|the) route)\b|\b(?:personal|own) errands?\b|\bbetween (?:orders|deliveries|jobs|stops|calls)\b[^.?!]{0,60}\b(?:to (?:drop off|pick up|see|visit|get|grab)|for (?:himself|herself|his own|her own))\b/g,
    "$& detour frolic scope of employment",
  ],
  // Stop 32 (decision 093): a client who says he will testify to a lie (candour to the tribunal), only beside a lawyer.
  [
    inContext(
      /\b(?:he|she|they|my client|the client|(?:he|she)'?s|(?:he|she) is)\b (?:gonna|going to|plans? to|wants? to|will|intends? to)\b (?:get up (?:there |on the stand |tomorrow )?(?:and )?)?(?:tell|testify to|say to|swear to|testify in front of) (?:the )?(?:jury|judge|court)\b/g,
      String.raw`attorney|lawyer|counsel|represents?|client|mpre`,
    ),
    "$& false evidence perjury candor toward the tribunal client perjury",
  ],
  // A partner who bought or signed in the business's name: the partnership bound by the partner's authority.
  [
    /\bin the (?:[\w-]+ ){0,2}(?:business|partnership|firm|shop|store|restaurant|truck|bakery|practice)(?:'?s)? name\b|\bwithout (?:telling|asking|consulting) (?:his|her|their|the other) (?:partner|partners|co-owner)\b/g,
    "$& partner authority binds the partnership",
  ],
  // Stop 32 (decision 093): a shareholder suing over a wrong done to the corporation, or asking the board first.
  [
    /\b(?:shareholders?|stockholders?|investors?|members?|owners?)\b[^?]{0,60}\b(?:sue|sues|suing)\b[^?]{0,60}\b(?:herself|himself|themselves|on (?:her|his|their) own|directly|for the (?:company|corporation|llc)|on behalf of)\b|\b(?:go|going|goes|ask|asking|asks|demand\w*|write|writing|complain\w*) (?:to )?the (?:board|directors)(?: of directors)? first\b/g,
    "$& derivative suit demand futility",
  ],
  // Another lawyer of the same firm taking the side the first one cannot: imputed conflicts.
  [
    /\b(?:law partner|(?:partner|associate|colleague|lawyer|attorney)s? (?:at|in|from) (?:the same|her|his|their|my|that) (?:law )?(?:firm|office)|(?:partner|colleague|associate) down the hall|someone else (?:at|in) (?:her|his|their|the same) (?:firm|office))\b[^?]{0,60}\b(?:take|takes|taking|represent\w*|handle|handles|defend\w*|sue|go against)\b/g,
    "$& imputation of conflicts same firm screening",
  ],
  // Stop 35 (decision 096): a principal who learns of the unauthorized deal and, saying nothing to the
  // other side, goes on using what it brought ("grumbles, then uses the oven every day"; "just started
  // baking with it"; "puts the couches on the showroom floor and sells a few").
  [
    inContext(
      /\b(?:just |simply )?(?:start(?:ed|s)?|began|begins|kept|keeps|goes on|went on|continued|continues) (?:\w+ing) (?:with |on |in )?(?:it|them|the \w+)\b|\b(?:uses?|used|using|runs?|ran|drives?|drove|sells?|sold) (?:it|them|the \w+) (?:every (?:single )?(?:day|week|morning|night)|daily|for (?:\w+ )?(?:days|weeks|months))\b|\b(?:puts?|put|putting) (?:it|them|the \w+) (?:out )?on the (?:\w+ )?(?:floor|shelves|shelf|lot)\b[^.?!]{0,40}\b(?:sells?|sold|selling)\b/g,
      String.raw`authority|agent|manager|bind|bound|in the (?:\w+'s|company's|store's|bakery's|business's) name|on (?:her|his|its|their) behalf|without (?:her|his|my|their) (?:ok|okay|approval|permission|consent)|(?:must|could|can) ?(?:not|never)|never (?:to )?(?:buy|order|sign|spend)|no (?:power|authority|right)|not (?:allowed|authorized)`,
    ),
    "$& ratification affirmed unauthorized act accepting benefits",
  ],
  // Stop 35: a shareholder who wants to see the company's books before suing.
  [
    inContext(
      /\b(?:go through|look (?:at|through)|see|inspect|check|review|get (?:a look at|copies of)|examine|dig through) (?:the |its |their )?(?:company'?s |corporation'?s |business'?s |firm'?s )?(?:books|records|financials|financial records|ledgers|minutes|accounts)\b/g,
      String.raw`shareholders?|stockholders?|shares|stock|corporation|inc|board|directors?|dividends?|company`,
    ),
    "$& shareholder inspection books and records",
  ],
  // Stop 35: a partner who leaves before the term or undertaking the partners agreed on is over.
  [
    inContext(
      /\b(?:agreed|agree|promised|committed) to (?:keep|run|stay|stick|work)\w* (?:(?:it|the (?:\w+ )?business|the (?:\w+ )?truck|the (?:\w+ )?shop|together|with it|at it) )?(?:going |open |running |together )?(?:until|for (?:\w+ )?(?:years?|months))\b/g,
      String.raw`partners?|partnership|business together|run (?:it|the \w+) together`,
    ),
    "$& partnership for a definite term wrongful dissociation",
  ],
  // Stop 35: a lawyer who wants off a case on the eve of trial.
  [
    inContext(
      /\bwants? off (?:the|this|that|his|her) case\b|\b(?:just )?(?:quit|drop|leave|withdraw from)\b[^.?!]{0,30}\b(?:with|right before|days before|the week before|before) (?:the )?trial\b|\btrial (?:is |starting |starts )?(?:monday|tomorrow|next week|in (?:a|two|three) (?:days|weeks))\b[^.?!]{0,40}\b(?:quit|withdraw|drop|leave)\b/g,
      String.raw`attorney|lawyer|counsel|represent\w*|client`,
    ),
    "$& withdrawal terminating representation",
  ],
  // Stop 35: a lawyer paying a client's living costs while the case goes on (Rule 1.8(e)).
  [
    inContext(
      /\b(?:pay|pays|paying|cover|covers|covering|advance|advancing|front|fronting|lend|lending|loan) (?:her|his|their|my client'?s?|the client'?s?) (?:rent|living expenses|bills|groceries|mortgage|car payments?|medical bills|tuition)\b/g,
      String.raw`lawyer|attorney|client|settlement|contingency|case|hire me`,
    ),
    "$& financial assistance to a client court costs and expenses of litigation",
  ],
  // Stop 36 (decision 097): a client who plans to testify to what he has told his lawyer is false ("he
  // plans to testify that he was at his sister's house… two days earlier he had admitted he was at the
  // bar"): client perjury, only beside a lawyer and something that shows the lawyer knows it is false.
  [
    inContext(
      inContext(
        /\b(?:plans?|planning|intends?|intending|wants?|going|gonna|insists? on|decided) (?:to )?(?:testify|take the stand and (?:say|swear|claim)|swear|tell the jury) (?:that|he|she|they|it)\b/g,
        String.raw`attorney|lawyer|counsel|represents?|client`,
      ),
      String.raw`admitted|admits|confessed|confesses|told (?:her|him|me|them) (?:that )?(?:he|she|they) (?:was|were|did|had)|lie|lies|lying|false\w*|perjur\w*|untrue|not true`,
    ),
    "$& false evidence perjury candor toward the tribunal client perjury",
  ],
];

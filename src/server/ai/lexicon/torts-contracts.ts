/**
 * Situations in Torts and Contracts, in students' words (issue 13 §1; decision 057).
 * Part of the lay lexicon (lexicon.ts): each entry is a lower-case whole-word pattern and the text
 * that replaces it ("$&" keeps the student's words and adds the doctrine's). Entries are general:
 * none is tied to one question. The parts are applied in the order lexicon.ts lists them.
 */
import { contextGuard, inContext } from "./context";

export const TORTS_CONTRACTS_SITUATIONS: [RegExp, string][] = [
  // Decision 057: a broader lay lexicon, subject by subject — the situations bar students describe
  // in their own words, mapped to the words the doctrine is written in (all general, none tied to one question).
  // Torts.
  [
    /\b(?:watched|saw|witnessed|was there when)\b[^.?!]{0,60}\b(?:get(?:ting)? (?:hit|run over|hurt|killed)|was (?:hit|run over|killed|struck)|die\b|died)\b/g,
    "$& bystander zone of danger emotional distress",
  ],
  [
    /\b(?:nightmares|traumati[sz]ed|ptsd|emotional(?:ly)? (?:distress|trauma|scarred)|anxiety attacks)\b/g,
    "$& emotional distress",
  ],
  [
    /\b(?:made wrong|defective|manufactur\w* (?:error|flaw|defect|mistake)|at the factory|(?:badly|poorly) designed|design (?:flaw|defect)|no warning (?:label|sticker)|didn'?t (?:come with|have) (?:a |any )?warning)\b|\b(?:snapped|exploded|shattered|caught fire|collapsed|gave way|malfunctioned|blew up)\b[^.?!]{0,60}\b(?:first time|brand[- ]new|just bought|out of the box|i bought)\b|\b(?:the )?\w+ i bought\b[^.?!]{0,60}\b(?:snapped|exploded|shattered|caught fire|collapsed|gave way|broke)\b/g,
    "$& product defect manufacturing defect products liability",
  ],
  [
    /\b(?:knock|take|shave|dock) (?:\w+ )?(?:off|down)\b[^.?!]{0,40}\bcost\b|\b(?:deduct|subtract|offset|set off|withh[oe]ld)\w*\b[^.?!]{0,40}\b(?:the )?cost\b|\bcost (?:of|to) (?:fix|fixing|repair|repairing|replace|replacing|redo|redoing|tear\w*|finish|finishing)\b|\b(?:rip|ripping|ripped|tear|tearing|tore|pull|pulling|pulled|dig|digging|dug) (?:it|them|that|those|the \w+) (?:all )?(?:out|up|down|open)\b[^.?!]{0,40}\bcost\b|\b(?:isn'?t|is not|wasn'?t|was not|not) worth (?:a (?:dollar|penny|cent|dime) |any(?:thing)? )?less\b/g,
    "$& expectation damages cost of completion diminution in value",
  ],
  [
    /\b(?:signed|sign|signing) (?:a |the |their |his |her )?(?:waiver|release|liability (?:form|waiver)|form saying)\b/g,
    "$& exculpatory release express assumption of risk",
  ],
  [
    /\b(?:newspaper|the (?:local )?paper|magazine|news (?:story|report|article)|article|blog(?: post)?|posted (?:online|on \w+)|tweeted|online review)\b[^.?!]{0,60}\b(?:said|says|wrote|reported|claimed|called|accused|that (?:i|he|she|they) (?:was|were|am|is))\b|\b(?:told everyone|spread(?:ing)? (?:a )?rumou?rs?)\b/g,
    "$& defamation publication false statement",
  ],
  [
    /\b(?:printed|published|ran|aired|broadcast|posted) (?:a |an |the )?(?:story|report|article|piece|column|item|segment) (?:that|saying|claiming|about)\b|\bfalsely (?:said|says|reported|reports|claimed|claims|stated|states|wrote|writes|posted|posts|accused|accuses|told|tells|announced|printed|published|broadcast)\b|\b(?:lied|lies|lying|made (?:stuff|things) up) about (?:me|him|her|them|us|my|his|her)\b/g,
    "$& defamation publication false statement",
  ],
  // An oral deal partly carried out: "the buyer already paid and moved in", "paid me and drove it away"
  // (part performance, or goods paid for and accepted: exceptions to the statute of frauds; decision 092).
  [
    inContext(
      /\b(?:already )?(?:paid|pays|paying)\b[^.?!]{0,40}\b(?:and|then) (?:already )?(?:moved in|moves in|took possession|drove (?:it|the \w+) (?:away|off|home)|took (?:it|the \w+) home|built|started building|made improvements)\b/g,
      String.raw`oral\w*|verbal\w*|handshake|in writing|written|writing`,
    ),
    "$& part performance statute of frauds exception",
  ],
  // "A coworker posted on Facebook that I steal from the register. It's totally false." (decision 092)
  [
    /\b(?:posted|posts|wrote|writes|tweeted|texted|emailed|(?:tells?|told|is telling|keeps telling) (?:everyone|people|(?:my|his|her|their|the|our) \w+))\b[^.?!]{0,60}\bthat (?:i|he|she|they|(?:my|his|her|their) \w+)\b[^?!]{0,120}\b(?:totally |completely |100% |absolutely )?(?:false|untrue|not true|a lie)\b/g,
    "$& defamation publication false statement",
  ],
  [
    /\b(?:not (?:famous|a celebrity|a public figure|well known)|private (?:person|citizen|individual))\b/g,
    "$& private figure",
  ],
  // Someone who is (not "the governor banned …") an office holder: a public official (New York Times v. Sullivan).
  [
    /\b(?:is|was|were|be|being|became|as) (?:a|an|the) (?:\w+'s |local |state |city |town |county )?(?:mayor|governor|senator|congress(?:man|woman)|council(?:man|woman|member)|city council member|alderman|state representative|police chief|school board member)\b/g,
    "$& public official",
  ],
  [
    /\b(?:watched|stood by|did nothing|didn'?t (?:help|do anything)|refused to help|walked (?:away|past)|without (?:doing anything|helping))\b[^.?!]{0,60}\b(?:drown\w*|dying|bleeding|choking)\b|\b(?:drown\w*|dying|bleeding|choking)\b[^.?!]{0,60}\b(?:did nothing|watched|without (?:doing anything|helping)|didn'?t (?:help|do anything)|refused to help)\b/g,
    "$& no duty to rescue affirmative duty",
  ],
  // A child suing a parent, a spouse suing a spouse: intrafamily immunity ("the insurer says a child
  // cannot sue her own parent"; "he moves to dismiss on the basis of the family relationship").
  [
    /\b(?:child|kid|son|daughter|minor|teenager|(?:she|he) (?:can(?:'t|not)|could(?:n't| not)))\b[^.?!]{0,40}\bsue (?:her|his|their|its|a|the) (?:own )?(?:parents?|father|mother|dad|mom|stepfather|stepmother)\b|\bsue (?:my|her|his|their|your) (?:own )?(?:parents?|father|mother|dad|mom|husband|wife|spouse)\b|\b(?:basis|because) of (?:the |their )?family relationship\b/g,
    "$& intrafamily immunity parent-child immunity spousal immunity",
  ],
  // Goods destroyed on the way to the buyer: who bears the loss ("who eats that?").
  [
    /\b(?:truck|trucking company|carrier|shipper|ship|train|delivery van|freight)\b[^?]{0,80}\b(?:crash\w*|sank|sunk|wreck\w*|overturn\w*|caught fire|burned|destroyed|broke|smashed)\b[^?]{0,120}\b(?:before|never) (?:the )?(?:\w+ )?(?:ever )?(?:saw|got|received|arrived|reached|delivered)\b|\bwho (?:eats|bears|swallows) (?:that|this|it|the (?:loss|hit|cost))\b|\bwho (?:takes|covers|pays for) the (?:loss|hit)\b/g,
    "$& risk of loss goods in transit shipment contract",
  ],
  // The injured party waited to replace the performance while the price rose: mitigation ("i waited til
  // august to hire someone else and by then lumber had jumped 30%").
  [
    /\b(?:waited|sat on it|held off|didn'?t (?:bother|try))\b[^.?!]{0,40}\b(?:to|before) (?:hire|hiring|find|finding|buy|buying|get|getting|look(?:ing)? for|replace|replacing)\b[^?]{0,120}\b(?:jumped|went up|rose|risen|doubled|spiked|climbed|increased|more expensive|higher)\b/g,
    "$& duty to mitigate avoidable consequences",
  ],
  // A loss the breach caused beyond the work itself: a tenant, a sale or a season lost (consequential damages).
  [
    /\b(?:lost|lose|losing|missed|miss) (?:the |that |my |her |his |their )?(?:\w+ )?(?:rent|rental income|tenant|lease|sale|buyer|season|bookings?|customers?|contract|deal)\b[^?]{0,60}\b(?:because|since|from|due to|too)\b|\b(?:tenant|buyer|customer|client|guest)s? (?:i |we |she |he )?(?:had )?(?:lined up|signed up|booked)\b[^?]{0,80}\b(?:backed out|walked|cancel\w*|pulled out)\b/g,
    "$& consequential damages lost profits foreseeable hadley",
  ],
  // The injured person's own carelessness: does it bar recovery or only reduce it ("does she lose
  // everything or just get less?").
  [
    /\b(?:lose|loses|lost) (?:everything|it all|the whole (?:case|thing)|all of it)\b[^?]{0,40}\b(?:less|reduc\w*|cut|smaller|part)\b|\b(?:wreck|wrecks|kill|kills|ruin|ruins|sink|sinks|tank|tanks|end|ends|destroy|destroys|bar|bars) (?:my|her|his|their|the) (?:whole )?(?:case|claim|lawsuit|recovery)\b[^?]{0,30}\b(?:or|just) (?:\w+ )?(?:shrink|reduce|lower|cut|lessen|knock \w+ off)|\b(?:get|gets|recover|recovers) (?:less|a reduced amount|something less)\b[^?]{0,30}\b(?:or|instead of) (?:nothing|lose everything)\b/g,
    "$& contributory negligence comparative negligence plaintiff's own fault",
  ],
  // "working for Acme" names an employer; "kept her from working for four months" a time; goods "on the
  // delivery truck" are in transit, not an employee at work (stop 35).
  [
    /\b(?:on (?:a |the )?(?:delivery|job|clock|shift)(?! (?:application|interview|offer|listing|search|hunt|board|truck|van))|while (?:working|on duty|making a delivery)|delivery driver|company (?:truck|car|van)|working for (?!(?:a |an )?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|several|few|many|some|more|weeks?|months?|years?|days?|hours?|while|long|decades?)\b)(?:a |the )?\w+)\b/g,
    "$& employee scope of employment respondeat superior",
  ],
  [
    /\b(?:swung first|hit (?:me|him|her) first|started (?:it|the fight)|attacked (?:me|him|her|them) first|threw the first punch|came at (?:me|him|her) (?:first|with))\b/g,
    "$& self-defense initial aggressor",
  ],
  [
    /\b(?:unconscious|under (?:anesthesia|anaesthesia)|asleep|knocked out) (?:during|for|through) (?:the|my|his|her) (?:whole )?(?:operation|surgery|procedure)\b|\b(?:left|found) (?:a |the )?(?:sponge|clamp|instrument|scalpel)\b|\bnobody (?:knows|saw) (?:exactly )?(?:what|how)\b|\bwithout (?:knowing|being able to (?:say|show|prove|explain)) (?:exactly )?(?:why|how|what (?:caused|made))\b|\b(?:can'?t|cannot|don'?t|do not) (?:know|prove|show|explain|say) (?:exactly )?(?:why|how|what caused) (?:it|the \w+) (?:fell|broke|collapsed|failed|exploded|gave way|came (?:loose|down|apart))\b/g,
    "$& res ipsa loquitur exclusive control inference of negligence",
  ],
  // Contracts.
  [
    // A reply is a counteroffer only in a bargain (an offer, a price, a sale): "they wrote back saying
    // no" to a shareholder's demand is not one.
    new RegExp(
      String.raw`\b(?:(?:wrote|replied|texted|emailed|said|answered) back|(?:ok|okay|yes|sure|deal),? but)\b` +
        contextGuard(String.raw`offer\w*|quote\w*|bids?|price\w*|sell\w*|sold|buy\w*|bought|purchase\w*|order\w*`) +
        String.raw`|\b(?:countered|counter-?offer(?:ed)?)\b`,
      "g",
    ),
    "$& counteroffer rejection mirror image",
  ],
  [
    /\bpromised (?:me|him|her|to give|to pay)\b[^.?!]{0,60}\b(?:birthday|as a gift|as a present|for free|nothing in return|christmas|graduation)\b|\b(?:for|on) (?:my|his|her) (?:birthday|graduation)\b/g,
    "$& gratuitous promise gift consideration",
  ],
  [
    // Assent under a threat: "pointed a gun at me and made me sign", "threatened to fire him unless he signed".
    /\b(?:gun|knife|threat\w*|threaten\w*|or (?:else|i'?ll|he'?ll|she'?ll|they'?ll))\b[^.?!]{0,60}\b(?:made|make|forced|force|pressured) (?:me|him|her|them|us) (?:to )?sign\b|\b(?:threaten\w*|threat\w*)\b[^.?!]{0,60}\bunless (?:i|he|she|they|we) (?:signed|sign|agreed|agree)\b/g,
    "$& duress improper threat voidable",
  ],
  [
    /\bwalk (?:off|away from) the job\b|\b(?:pay|paid|give|demanded|asked for) (?:him |her |them )?\$?[\d,]+ more\b|\b(?:more money|raise (?:the|his|her) price)\b[^.?!]{0,40}\b(?:or|unless|otherwise)\b/g,
    "$& modification preexisting duty rule",
  ],
  [
    /\b(?:different brand|wrong brand|not (?:exactly )?what the contract (?:said|called for)|slightly different|minor (?:defect|deviation|flaw)|just as good|almost (?:finished|done|complete)|(?:mostly|nearly) (?:finished|done|complete))\b/g,
    "$& substantial performance material breach",
  ],
  [
    /\bordered \d+\b[^.?!]{0,60}\b(?:delivered|shipped|sent|got) (?:only )?\d+\b|\b(?:one short|wrong (?:color|colour|model|size|item)|damaged (?:goods|shipment)|nonconforming)\b/g,
    "$& nonconforming goods perfect tender reject",
  ],
  [
    /\b(?:burned down|burnt down|was destroyed|got destroyed|flooded|was cancell?ed|got cancell?ed|was shut down)\b[^.?!]{0,60}\b(?:before (?:the|my|our)|a (?:week|day|month) before)\b|\b(?:a (?:week|day|month) before)\b[^.?!]{0,60}\b(?:burned down|burnt down|destroyed|cancell?ed)\b/g,
    "$& impossibility frustration of purpose",
  ],
  [
    /\bbefore (?:we |i |they )?sign(?:ed|ing)?\b|\b(?:during|in) (?:the )?negotiations\b|\b(?:the |our |their )?(?:whole|entire|complete|final) agreement\b|\b(?:agreed|promised|said) (?:\w+ ){0,3}(?:out loud|orally|verbally|on the phone|by handshake) (?:\w+ ){0,2}(?:before|beforehand|earlier)\b|\b(?:earlier|prior|previous|side) (?:oral|verbal|handshake) (?:agreement|deal|promise)\b|\b(?:signed|written) (?:contract|agreement)\b[^?]{0,80}\b(?:told me|said|promised|agreed)\b/g,
    "$& parol evidence prior agreement integrated writing",
  ],
  [
    /\b(?:backed out|pulled out|changed (?:his|her|their) mind|refused to (?:buy|take (?:it|delivery)))\b/g,
    "$& breach repudiation",
  ],
  [/\b(?:resold|re-sold|sold it to someone else for less)\b/g, "$& resale damages difference contract price"],
  [
    /\b(?:not a party|wasn'?t (?:a )?party|contract between (?:the |a |my )?\w+ and (?:the |a |my )?\w+)\b/g,
    "$& third-party beneficiary intended beneficiary",
  ],
  [
    /\b(?:ha(?:ve|s) to be|need(?:s)? to be|must be|should be|got to be|be put) (?:in writing|written down|on paper)\b|\bin writing to be (?:enforceable|valid|binding)\b/g,
    "$& writing requirement statute of frauds",
  ],
];

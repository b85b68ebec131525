/**
 * Situations in Real Property, Constitutional Law and Civil Procedure, in students' words (issue 13 §1; decision 057).
 * Part of the lay lexicon (lexicon.ts): each entry is a lower-case whole-word pattern and the text
 * that replaces it ("$&" keeps the student's words and adds the doctrine's). Entries are general:
 * none is tied to one question. The parts are applied in the order lexicon.ts lists them.
 */
import { contextGuard, inContext, NO_VERDICT, outOfContext } from "./context";

export const PROPERTY_CONLAW_CIVPRO_SITUATIONS: [RegExp, string][] = [
  // Sued far from home: "sued in a state I've never been to", "do I have to go defend there?".
  [
    /\bsued (?:me |him |her |us |them )?(?:in|over in) (?:a |another |some )?(?:state|court) (?:i'?ve|i have|he'?s|he has|she'?s|she has|they'?ve|they have|we'?ve|it'?s|it has) never (?:been|visited|gone|done business)\b|\b(?:have to|must|need to) (?:go (?:all the way )?(?:there|out there) (?:to )?)?(?:defend|fight (?:it|the (?:case|suit))) (?:there|in (?:that|their|another) state)\b/g,
    "$& personal jurisdiction minimum contacts",
  ],
  // Whether a court may take the case at all: "can the court hear the case against Quill?".
  [
    /\b(?:can|could|may|does|will|would) (?:the|a|this|that) (?:\w+ )?(?:\w+ )?court (?:even |properly |actually )?(?:hear|decide|take|handle|entertain|rule on) (?:the|this|that|her|his|their|a) (?:case|suit|lawsuit|claim)\b/g,
    "$& jurisdiction personal jurisdiction subject matter jurisdiction",
  ],
  // Selling into a state from outside it: the contacts specific jurisdiction rests on.
  [
    /\b(?:sold|sells|shipped|ships|marketed|markets|advertised|advertises|delivered)\b[^.?!]{0,60}\b(?:to|into) (?:\d+ )?(?:buyers|customers|people|residents|consumers|stores|retailers)\b|\b(?:through|on|via) (?:its|their|his|her) (?:own )?(?:website|web ?site|online store)\b/g,
    "$& minimum contacts purposeful availment specific jurisdiction",
  ],
  // A government that buys, sells or runs a business itself (the market participant exception).
  [
    /\b(?:state|city|county|town|government|municipal)[- ](?:run|owned|operated)\b|\b(?:run|owned|operated) by the (?:state|city|county|town|government)\b|\b(?:its|their) own (?:state|city|county)?[- ]?(?:run )?(?:farm|plant|factory|dump|landfill|cement plant|stores?|business)\b/g,
    "$& market participant exception state as market participant",
  ],
  // Real property.
  [
    // Only where someone holds the land for a time or for another (a life estate, a lease, a mortgage,
    // co-owners): cutting down a tree on a disputed strip is a boundary or trespass story.
    inContext(
      /\b(?:cut(?:ting)? down|clear-?cut(?:ting)?|sell(?:ing)? the timber|timber|tear(?:ing)? down|(?:let|lets|letting) (?:it|the (?:house|place|building|property)) (?:fall apart|rot|decay|go to ruin|fall into disrepair)|(?:tear|tears|tearing|rip|rips|ripping) (?:things|stuff|fixtures|the (?:\w+ )?(?:cabinets|fixtures|walls|floors)) out|stop(?:ped)? paying (?:the )?(?:property )?taxes)\b/g,
      String.raw`for (?:her|his|their) life|life estate|life tenant|until (?:she|he|they) dies?|remainder\w*|tenants?|leased?|leasing|renting|rents?|landlord|mortgage\w*|co-?owners?|inherit\w*|will`,
    ),
    "$& waste life tenant",
  ],
  [
    /\b(?:never|didn'?t|did not|forgot to|failed to) record(?:ed)? (?:the|my|his|her|their) deed\b|\bsold (?:it|the (?:house|land|lot|property|farm)) (?:again|twice)\b/g,
    "$& recording act bona fide purchaser notice",
  ],
  [
    /\b(?:no (?:heat|hot water|running water|electricity)|(?:the )?heat(?:er|ing)? (?:broke|is broken|doesn'?t work|stopped working)|broken (?:heater|furnace)|toxic mold|black mold|rats|roaches|cockroaches|leaking roof|roof leaks)\b/g,
    "$& habitability repair landlord constructive eviction",
  ],
  [
    /\b(?:moved out|left the (?:apartment|place|unit|house)|broke (?:the|my|his|her) lease)\b[^.?!]{0,60}\b(?:early|after (?:\w+ )?(?:months?|weeks?)|before the (?:lease|term) (?:ended|was up))\b|\b(?:left (?:the place|it|the apartment) empty|didn'?t (?:try to )?(?:re-?rent|relet|find (?:a )?new tenant))\b/g,
    "$& abandonment mitigate relet",
  ],
  [
    /\b(?:residential (?:use )?only|houses? only|single[- ]family (?:homes )?only|no (?:businesses|commercial use|stores))\b(?<!\b(?:rezon\w*|zon(?:ed|ing)|ordinance)\b[\s\S]*)(?![\s\S]*\b(?:rezon\w*|zon(?:ed|ing)|ordinance)\b)/g,
    "$& restrictive covenant equitable servitude common scheme",
  ],
  [/\bbefore (?:the )?closing\b/g, "$& equitable conversion risk of loss"],
  [/\b(?:second|junior|first|senior) mortgages?\b/g, "$& mortgage priority foreclosure junior interests"],
  [
    /\b(?:rezon\w*|zoning (?:change|changed)|no longer (?:fits|complies|allowed)|grandfathered)\b/g,
    "$& nonconforming use zoning",
  ],
  // Constitutional law.
  [
    /\b(?:signs?|billboards?|posters?|banners?|leaflets?|flyers?)\b[^.?!]{0,60}\b(?:ban\w*|prohibit\w*|not allowed|except)\b|\b(?:ban\w*|prohibit\w*)\b[^.?!]{0,30}\b(?:signs?|billboards?|posters?|banners?|leaflets?)\b/g,
    "$& speech content-based regulation",
  ],
  [
    /\bout[- ]of[- ]state\b[^.?!]{0,60}\b(?:higher|fees?|tax(?:es)?|surcharges?|banned|barred|excluded|can'?t sell|prohibit\w*)\b|\b(?:higher|fees?|tax(?:es)?|surcharges?|bans?|banned|bars?|barred|prohibit\w*)\b[^.?!]{0,60}\bout[- ]of[- ]state\b/g,
    "$& interstate commerce discriminate",
  ],
  [
    /\b(?:prayer|pray|bible reading|ten commandments|nativity|creche|menorah)\b[^.?!]{0,60}\b(?:public school|school|government|city hall|courthouse|classroom)\b|\b(?:public school|city hall|courthouse|classroom)\b[^.?!]{0,60}\b(?:prayer|pray|bible|ten commandments|nativity)\b/g,
    "$& establishment clause",
  ],
  [
    /\b(?:take|took|taking|seize|seized)\b[^.?!]{0,40}\b(?:my|his|her|their) (?:house|home|land|property|farm|lot)\b|\b(?:highway|road|pipeline|stadium|airport)\b[^.?!]{0,40}\bthrough (?:my|his|her|their) (?:house|home|land|property|farm|lot)\b/g,
    "$& eminent domain taking just compensation",
  ],
  [
    /\b(?:only (?:lets |admits |hires )?(?:men|women|boys|girls|males|females)|men only|women only|(?:all|single)[- ](?:male|female|boys|girls))\b/g,
    "$& sex classification intermediate scrutiny gender",
  ],
  [
    /\bwithout (?:a |any )?(?:hearing|notice|chance to respond|chance to explain)\b/g,
    "$& procedural due process notice hearing",
  ],
  [
    /\b(?:order\w*|requir\w*|forc\w*|mak\w*|command\w*) (?:the )?(?:states?|state|county|local|city) (?:officials?|officers?|sheriffs?|police|legislatures?|employees|governments?)\b|\b(?:sheriffs?|state officials?|state legislatures?)\b[^.?!]{0,40}\bto (?:run|enforce|administer|carry out|pass)\b/g,
    "$& commandeering tenth amendment",
  ],
  [
    // Only where constitutional rights are in play (speech, a search, a hearing, discrimination):
    // "they said no, that's private company info" is a shareholder's inspection story.
    inContext(
      /\b(?:private (?:mall|shopping (?:mall|center|centre)|company|business|store|club|school|college|university|employer|hospital|landlord|association)|shopping (?:mall|center|centre)|homeowners'? association|\bhoa\b|condo(?:minium)? (?:board|association))\b/g,
      String.raw`protest\w*|speech|leaflet\w*|petition\w*|rights?|constitution\w*|amendment|equal protection|discriminat\w*|due process|hearing|pray\w*|religio\w*|search\w*|signs?|picket\w*`,
    ),
    "$& private actor state action",
  ],
  [
    /\b(?:as a taxpayer|(?:my|our) tax dollars|because i'?m a taxpayer|i pay taxes)\b/g,
    "$& taxpayer standing injury in fact",
  ],
  // Civil procedure.
  [
    /\$\s?[\d,.]+\s?k?\b[^?]{0,100}\bfederal court\b|\bfederal court\b[^?]{0,100}\$\s?[\d,.]+/g,
    "$& amount in controversy",
  ],
  [
    /\b(?:moved?|moving|took|take|transferr?\w*|brought|kick\w*|shift\w*|switch\w*|yank\w*|pull\w*|get|got) (?:it|the case|the suit|the lawsuit|my case|her case|his case|their case|this|the action)(?: moved| transferred| shifted| switched)? (?:over |up )?(?:in)?to (?:the )?federal court\b/g,
    "$& removal notice of removal",
  ],
  [
    /\b(?:no (?:details|specifics|facts)|just (?:said|says|alleged)|only (?:said|says|alleged)|conclusory|too vague)\b/g,
    "$& plausibility pleading failure to state a claim",
  ],
  [
    /\b(?:sue|sued|suing)\b[^.?!]{0,40}\bagain\b|\bsame (?:crash|accident|collision|incident|transaction|deal|occurrence)\b/g,
    "$& same transaction claim preclusion",
  ],
  [
    /\b(?:ignored|refused|didn'?t (?:answer|respond|turn over|produce)|never (?:answered|responded|produced))\b[^.?!]{0,60}\b(?:request|requests|interrogator\w*|subpoena|discovery|documents?|e-?mails?|texts|records)\b|\basked for (?:all )?(?:my|his|her|their) (?:e-?mails|documents|records|texts|files)\b/g,
    "$& discovery request sanctions",
  ],
  [
    /\b(?:state|federal) (?:law|rule|statute of limitations|limitations period)\b[^?]{0,60}\bor (?:some |a |the )?(?:federal|state)\b/g,
    "$& erie substantive procedural",
  ],
  [
    /\bwithout (?:going (?:through|to) )?(?:a |the )?(?:whole |full )?trial\b|\bskip (?:the )?trial\b|\bno (?:real |genuine )?dispute (?:about|over) (?:the )?facts\b/g,
    "$& summary judgment genuine dispute material fact",
  ],
  // Stop 33: asking the judge to end a civil case during or after the trial ("once the plaintiff rests",
  // "toss the verdict"): judgment as a matter of law or a new trial, not summary judgment; only in a
  // civil case (a criminal defense that rested is not).
  [
    inContext(
      /(?:\b(?:once|after|when|as soon as|before) (?:the )?(?:plaintiff|defendant|other side|they|she|he) (?:rests|rested|has rested|finish(?:es|ed)? (?:(?:putting on|presenting) )?(?:their|her|his|its) (?:case|evidence)|(?:is|are) done (?:putting on|presenting) (?:their|her|his|its) (?:case|evidence)|close[sd]? (?:their|her|his|its) case)\b|\bclose of (?:the )?(?:plaintiff'?s'? |defendant'?s'? |all (?:the )?)?(?:evidence|case)\b|\b(?:toss|tossed|throw out|threw out|set aside|overturn|overturned|undo|ignore) (?:the |a |that |this |their )?(?:jury'?s? )?verdict\b|\b(?:new|second|do-?over) trial\b)/g,
      String.raw`plaintiffs?|sued|sues|suing|lawsuit|civil|damages|liable|negligen\w*|summary judgment`,
    ),
    "$& judgment as a matter of law directed verdict new trial",
  ],
  [
    /\b(?:made[- ]up|frivolous|no (?:factual )?basis|baseless)\b[^.?!]{0,40}\b(?:claims?|complaint|lawsuit|motion|filing)\b|\b(?:claims?|complaint|lawsuit|motion|filing)\b[^.?!]{0,40}\b(?:made[- ]up|frivolous|no (?:factual )?basis|baseless)\b/g,
    "$& frivolous sanctions rule 11",
  ],
  // Stop 33: a paper filed without looking into the facts, or the judge asked to punish the filer.
  [
    /\b(?:didn'?t|did not|never|without) (?:even )?(?:check|checking|checked|investigat\w*|look(?:ing|ed)? into|read|reading|verify\w*|research\w*|ask\w* (?:his|her|their) client)\b[^.?!]{0,60}\b(?:filed|filing|files|file|motion|complaint|pleading)\b|\b(?:filed|filing|files|motion|complaint|pleading)\b[^.?!]{0,80}\b(?:didn'?t|did not|never|without) (?:even )?(?:check|checking|checked|investigat\w*|look(?:ing|ed)? into|read|reading|verify\w*)\b|\b(?:judge|court) (?:\w+ ){0,3}(?:do anything|punish|sanction|fine|penali[sz]e)\w*\b[^.?!]{0,40}\b(?:filing|filed|motion|complaint|pleading)\b/g,
    "$& sanctions rule 11 reasonable inquiry",
  ],
  [
    /\b(?:add|include|tack on|bring|throw in)\b[^.?!]{0,30}\bstate[- ]law claims?\b|\bstate[- ]law claims?\b[^.?!]{0,60}\bfederal court\b/g,
    "$& supplemental jurisdiction common nucleus",
  ],
  [
    /\b(?:wrong name|misnamed|got (?:the|his|her|their) (?:\w+'s )?name wrong|named the wrong)\b|\b(?:limitations? (?:period )?ran out|time (?:limit )?ran out|deadline passed)\b/g,
    "$& amendment relation back",
  ],
  [/\b(?:π|pi)\b(?=\s+(?:sues|sued|v\.?|files|filed|wants|seeks|claims))/g, "plaintiff"],
  // Decision 073: more situations, written from the third dev set's classes of miss.
  [
    /\b(?:left|gave|willed|deeded|devised)\b[^.?!]{0,50}\bto (?:me and (?:my|her|his) \w+|my \w+ and me|both of us|the (?:two|three) of us|us both)\b|\b(?:co-?owners?|we both own|own it together|inherited it together)\b|\bwon'?t let me (?:in|use|live|on|onto)\b/g,
    "$& cotenants tenancy in common concurrent owners ouster",
  ],
  [
    /\b(?:protests?|rall(?:y|ies)|marche?s?|demonstrat\w*|picket\w*|leaflet\w*|flyers|speeches|preach\w*)\b[^.?!]{0,60}\b(?:park|parks|sidewalks?|streets?|plaza|square|public (?:place|property))\b|\b(?:park|parks|sidewalks?|plaza|square)\b[^.?!]{0,60}\b(?:protests?|rall(?:y|ies)|demonstrat\w*|picket\w*|leaflet\w*)\b/g,
    "$& public forum time place manner",
  ],
  [
    /\b(?:dumb|stupid|pointless|silly|ridiculous|makes no sense|no good reason|arbitrary)\b[^?]{0,80}\b(?:law|licen[cs]e|rule|regulation|requirement)\b|\b(?:law|licen[cs]e|regulation|requirement)\b[^?]{0,80}\b(?:dumb|stupid|pointless|silly|ridiculous|makes no sense|no good reason|arbitrary)\b/g,
    "$& rational basis economic regulation",
  ],
  [
    /\b(?:(?:hundreds|thousands|millions|dozens|lots|tons|a bunch) of|\d{1,3}(?:,\d{3})+|\d{3,})(?: other| more)? (?:people|customers|consumers|buyers|owners|users|subscribers|employees|workers|us|others|victims|passengers|patients|students|tenants)\b|\b(?:all|everyone|everybody) (?:sue|join) together\b|\bsue (?:together|as a group|for (?:everybody|everyone|all of us|all of them|the whole group))\b/g,
    "$& class action numerosity commonality",
  ],
  [
    /\b(?:citizens? of (?:two )?different states|(?:from|in|live in|lives in) (?:two )?different states|(?:from|in) the same state as)\b/g,
    "$& diversity citizenship",
  ],
  // Stop 30 (decision 091): situations of the facts-blind7 misses, each written for its class.
  // A state rule against a federal rule in one federal case: which law governs.
  [
    inContext(
      /\b(?:state|\w+) (?:law|statute|rule) (?:requires|provides|says|mandates|demands)\b[^?]{0,250}\bfederal (?:rules?|court)\b|\bwhich law (?:governs|applies|controls)\b/g,
      String.raw`federal`,
    ),
    "$& erie substantive procedural",
  ],
  // A state benefit or licence only for its own residents.
  [
    new RegExp(
      String.raw`\bonly (?:\w+ ){0,3}(?:who|that) (?:reside|live|are residents)\b` +
        contextGuard(String.raw`state|states`) +
        String.raw`|\badmits? only (?:\w+ ){0,2}residents\b|\bnon-?residents?\b|\bresidency (?:rule|requirement)\b|\bunless (?:she|he|they) (?:first )?(?:moves?|lives?|resides?) (?:to|in|into) (?:the )?state\b`,
      "g",
    ),
    "$& privileges and immunities nonresident citizens of other states",
  ],
  // A defendant served with a suit who never answered it.
  [
    new RegExp(
      String.raw`\b(?:never|didn't|did not|haven't|have not|failed to|forgot to) (?:respond\w*|answer\w*|file (?:an|my|a) answer|file anything|show(?:ed)? up)\b` +
        contextGuard(String.raw`served|summons|court papers|complaint|lawsuit papers`) +
        String.raw`|\b(?:did nothing|do nothing|ignor(?:e|ed|es|ing) (?:it|them|the (?:papers|summons|complaint|lawsuit|suit|whole thing)))\b` +
        contextGuard(String.raw`served|summons|court papers|complaint`),
      "g",
    ),
    "$& default judgment failure to plead or defend",
  ],
  // A party who lost an issue after a full trial wants to argue it again in a new suit; not a retrial
  // after a hung jury (decision 097).
  [
    outOfContext(
      inContext(
        /\b(?:argue|argued|arguing|fight|fighting|litigate|relitigate|dispute|contest|prove|decide|try|raise)\b (?:\w+ ){0,5}(?:all over again|over again|again)\b/g,
        String.raw`court|trial|judge|jury|lawsuit|case`,
      ),
      NO_VERDICT,
    ),
    "$& issue preclusion collateral estoppel actually litigated",
  ],
  // Stop 30 (decision 091): follow-ups that move to the neighbouring doctrine.
  // The plaintiff's injury ends while the case goes on.
  [
    /\b(?:goes away|went away|ends|ended|is over|was over|heals|healed|is resolved|was resolved|graduat\w*|moves? away|moved away|is released|was released)\b[^?]{0,60}\b(?:while|during|before|pending)\b[^?]{0,40}\b(?:appeal|case|lawsuit|suit|litigation|trial|(?:judge|court) (?:\w+ )?(?:rules|decides|gets to)|ruling|decision)\b|\b(?:graduat\w*|moves? away|moved away|is released|gets released|turns 18)\b[^?]{0,40}\b(?:case|lawsuit|suit|appeal)\b[^?]{0,30}\b(?:won'?t|will not|wont|isn'?t|is not|not) (?:\w+ )?(?:be )?(?:done|over|decided|finished|resolved)\b/g,
    "$& mootness moot live controversy capable of repetition",
  ],
  // Federal money with strings attached.
  [
    /\b(?:conditions? (?:on|to|attached to) (?:federal )?(?:grants?|funds|funding|money)|(?:federal )?(?:highway|education|medicaid|grant) (?:money|funds|funding|dollars)|(?:lose|loses|losing|lost|withhold\w*|cut\w*) (?:(?:\d+ ?%|all|part|some) of )?(?:its |their |the )?federal (?:\w+ )?(?:funds|funding|money|grants?)\b|(?:lose|loses|losing|lost|withhold\w*|cut\w*) \d+ ?% of (?:its |their |the )?(?:\w+ ){0,2}(?:funds|funding|money|grants?)\b|\battach\w* (?:conditions|strings) to\b)/g,
    "$& spending power conditional federal grants",
  ],
  // A state rule that treats its own businesses exactly like out-of-state ones.
  [
    /\b(?:applies|apply|applied) (?:exactly |just )?(?:the same|equally|evenly) to (?:the state'?s own|in-?state|local|its own)\b|\b(?:in-?state|local) (?:and|&) out-?of-?state (?:\w+ )?(?:alike|the same|equally)\b/g,
    "$& nondiscriminatory burden on interstate commerce Pike balancing",
  ],
  // Stop 30 (decision 091): fact patterns of the seen sets' remaining misses, each for its class.
  // A state deadline against a federal one in a federal case.
  [
    /\b(?:state'?s?|federal) (?:deadline|time limit|filing deadline)\b[^?]{0,60}\bor (?:a |the )?(?:federal|state)\b/g,
    "$& erie substantive procedural statute of limitations",
  ],
  // An appeal before the case is over.
  [
    /\bappeal\w*\b[^?]{0,60}\b(?:in the middle of|partway|mid-?case|mid-?trial|before (?:the )?(?:case|trial|whole thing) (?:is )?(?:over|ends?|finished))\b|\bwait until (?:the )?(?:whole thing|case|trial|end) is over\b/g,
    "$& final judgment rule interlocutory appeal",
  ],
  // Stop 32 (decision 093): a government employee punished for what she said.
  [
    /\b(?:work(?:s|ed|ing)?|employed) (?:for|at|by) (?:the )?(?:city|state|county|town|village|federal government|government|public school|school district|police department|fire department|sheriff|(?:city|state|county|town)'?s? [\w-]+(?: [\w-]+)? (?:department|office|agency|district))\b[^?]{0,200}\b(?:fired|demoted|suspended|disciplined|punished|let go|terminated|reassigned|wrote (?:me|him|her|them) up|written up|reprimand\w*)\b|\b(?:public|government|city|state|county) (?:employee|worker|teacher)\b[^?]{0,120}\b(?:fired|demoted|suspended|disciplined|punished)\b/g,
    "$& public employee speech government employer",
  ],
  // Stop 32 (decision 093): the government drops the challenged rule while the case goes on.
  [
    inContext(
      /\b(?:withdr[ae]w\w*|repeal\w*|rescind\w*|revok\w*|dropp\w*|abandon\w*|scrap\w*) (?:the |its |their |that )?(?:new )?(?:rule|law|policy|ordinance|regulation|ban|program)\b/g,
      String.raw`sue|sues|suing|sued|lawsuit|case|court|appeal|challenge\w*`,
    ),
    "$& mootness moot voluntary cessation",
  ],
  // A claim against a party from the same state brought into a diversity case: supplemental jurisdiction.
  [
    /\b(?:hear|decide|take|keep) (?:that|this|the) (?:part|claim|piece|third-party claim|counterclaim|crossclaim)(?: too| as well)?\b|\beven though (?:they'?re|they are|theyre|both are|both parties are|he and \w+ are|she and \w+ are) (?:both )?(?:from|citizens of|in) (?:the same state|\w+)\b/g,
    "$& supplemental jurisdiction same case or controversy",
  ],
  // A federal agency's rules already cover the field and the state law is said to fall: preemption.
  [
    /\b(?:knock|knocks|knocked|wipe|wipes|kill|kills|trump|trumps|override|overrides|beat|beats|cancel|cancels) out (?:the |that |a |this )?(?:state|city|local|county) (?:law|statute|rule|ordinance|regulation)\b|\b(?:state|city|local) (?:law|statute|rule|ordinance)\b[^?]{0,40}\b(?:knocked out|wiped out|overridden|trumped)\b|\b(?:fda|epa|faa|fcc|osha|ftc|federal (?:agency|government|regulators?|rules?|regulations?|law))\b[^?]{0,60}\b(?:already (?:has|have|regulates?|covers?)|(?:detailed|comprehensive) (?:rules|regulations))\b/g,
    "$& preemption supremacy clause federal law displaces state law",
  ],
  // The case moved to a court of the same system elsewhere: a transfer of venue.
  [
    /\b(?:moved|transferred|sent|shifted) (?:over )?to (?:a |the )?(?:federal |district )?court (?:in|over in) (?:[a-z]+ ){0,2}(?:where|because|since|near|closer|[a-z]+)\b|\b(?:closer to|where) (?:all )?(?:its|their|his|her|the) (?:witnesses|engineers|documents|records|evidence|employees)\b|\b(?:get|have) (?:the |this |that |its |the whole )?(?:case|suit|lawsuit|trial) (?:moved|transferred|sent) (?:there|back home|home|closer|over)\b|\b(?:witnesses|records|documents|evidence)\b[^?]{0,60}\b(?:are|were|is) (?:all )?(?:back )?(?:in|over in) (?:its|their|his|her|the other) (?:home )?state\b/g,
    "$& transfer of venue 1404 convenience of parties and witnesses",
  ],
  // A co-owner or co-buyer left out of the suit.
  [
    /\b(?:sued|sues|suing) only\b|\bwithout (?:joining|adding|including|suing) (?:her|his|their|the other)\b|\bjointly (?:own|owned|hold|held|bought)\b[^?]{0,250}\b(?:sued|sues)\b/g,
    "$& required joinder rule 19 required party",
  ],
  // Stop 33: absent co-owners the defendant says must be brought in, or who declined to join the suit.
  [
    /\b(?:must|should|need to|have to|has to) be (?:made|joined|added|brought in)(?: as)? (?:parties|a party|plaintiffs?|defendants?)\b|\b(?:declined|refused|won'?t|don'?t want|didn'?t want) to join (?:the |her |his |their )?(?:suit|lawsuit|case|action)\b/g,
    "$& required joinder rule 19 required party",
  ],
  // A lawyer who filed or signed a claim knowing nothing supports it: Rule 11.
  [
    /\b(?:lawyer|attorney|counsel)\b[^?]{0,30}\b(?:filed|signed|submitted|brought)\b[^?]{0,40}\b(?:know(?:ing|s)?|knew|aware)\b[^?]{0,40}\b(?:nothing|no (?:basis|evidence|facts?|support)|baseless|frivolous|false|made up|not true)\b/g,
    "$& rule 11 sanctions frivolous filing reasonable inquiry",
  ],
  // A stranger to the suit asking to come into it: intervention.
  [
    /\b(?:let|lets|allow|allows|permit|permits) (?:it|them|him|her|us|me|the \w+) (?:to )?(?:come|get|join|jump|step) (?:into|in on|in to) (?:the |this |that )?(?:lawsuit|case|suit|action|litigation)\b|\b(?:come|get|join|jump) into (?:the |this |that )?(?:lawsuit|case|suit|action) as (?:a )?(?:defendant|plaintiff|party)\b/g,
    "$& intervention intervene as of right",
  ],
  // A neighbour's permission to use the land, now taken back: a license, revocable at will.
  [
    /\b(?:told|said|let|lets|allowed|gave) (?:me|us|him|her|them) (?:\w+ ){0,5}(?:i|we|he|she|they)? ?(?:could|can|may|to) (?:park|use|store|keep|put|fish|hunt|cross|walk|drive|graze|camp|dock|tie)\b[^?]{0,200}\b(?:says?|said|wants?|told|demands?|asked)\b[^?]{0,40}\b(?:move|remove|get (?:it |them )?(?:out|off)|get off|stop|leave|take (?:it|them) away|out)\b/g,
    "$& license revocable permission to use land",
  ],
  // Stop 33: a state statute or requirement asked about in a federal court (Erie).
  [
    /\bfederal (?:court|judge)s?\b[^.?!]{0,60}\b(?:apply|follow|disregard|ignore) (?:the |a |that |this )?(?:state(?:'s)? |(?!federal\b)[a-z]+ )(?:[\w-]+ ){0,2}(?:law|statute|rule|requirement|affidavit|cap|limit|certificate)\b|\bapply (?:the |a |that |this )?state(?:'s)? (?:[\w-]+ ){0,2}(?:statute|law|rule|requirement)\b[^.?!]{0,40}\bfederal\b|\bfederal rules?\b[^.?!]{0,80}\bstate (?:statute|law|rule)\b|\bstate (?:statute|law|rule)\b[^.?!]{0,80}\bfederal rules?\b/g,
    "$& erie substantive procedural",
  ],
  // Stop 35 (decision 096): someone left out of the suit whom the case cannot do without, or who cannot
  // be brought in ("was not named as a party… cannot go forward as filed"; "can't be dragged in";
  // "adding them wrecks diversity"): required joinder, Rule 19.
  [
    // A party left out is Rule 19's only where the case is said to need it; one who asks to come in
    // is intervention's (below).
    inContext(
      /\b(?:was|is|were|are|wasn'?t|isn'?t|weren'?t|aren'?t) (?:not |never )?(?:named|joined|made|included|added|sued)(?: as)? (?:a |the )?(?:party|parties|defendants?|plaintiffs?)\b(?![^?]{0,300}\b(?:asks?|asking|asked|moves?|moved|motion|wants?|seeks?|sought) (?:\w+ ){0,5}(?:to )?(?:enter|join|intervene|come into|get into|become a party))/g,
      String.raw`(?:cannot|can'?t) (?:go forward|proceed|go on)|go on without|dismiss\w*|thrown out|as filed|must be (?:joined|added|brought in)`,
    ),
    "$& required joinder rule 19 required party",
  ],
  [
    inContext(
      /\b(?:can'?t|cannot|couldn'?t|won'?t) be (?:dragged|brought|pulled|hauled|made to come|joined|added|served)(?: in| into (?:it|the case|the suit))?\b|\b(?:wrecks?|destroys?|kills?|ruins?|blows?|breaks?|defeats?|destroying|ruining|wrecking) (?:the )?(?:complete )?diversity\b/g,
      String.raw`sued|sues|suing|suit|lawsuit|case|court|action|plaintiff|defendant|diversity`,
    ),
    "$& required joinder rule 19 required party",
  ],
  // Stop 35: a stranger to a suit asking to get into it.
  [
    inContext(
      /\b(?:get|put|insert|force|bring|invite) (?:itself|themselves|himself|herself|ourselves|myself) (?:into|in on|in to|in)\b|\b(?:asks?|asking|asked|moves?|moved|motion|wants?|seeks?|sought) (?:\w+ ){0,5}(?:to )?(?:enter|join|come into|get into) (?:the |this |that )?(?:lawsuit|case|suit|action|litigation)\b|\bto become a party\b|\b(?:can|could|may|should) (?:it|they|he|she|we|i|the \w+) (?:get|come|jump|step|butt|join) in(?:to| on)? (?:the |this |that |their |her |his )?(?:case|suit|lawsuit|action|litigation|fight)\b/g,
      String.raw`not a party|isn'?t a party|not (?:in|part of) the (?:class|case|suit|lawsuit)|wasn'?t (?:sued|named)|lawsuit|suit|case`,
    ),
    "$& intervention intervene as of right",
  ],
  // Stop 35: the plaintiff's stake ends while the case is pending ("say she turns 21 while it's up on
  // appeal. does the case just go away?").
  [
    /\b(?:turns|turned) (?:\d{2}|eighteen|twenty-one)\b[^?]{0,60}\b(?:appeal|case|lawsuit|suit|pending)\b|\bdoes (?:the|her|his|their|that|this) (?:case|suit|lawsuit|appeal|challenge|claim) (?:just |simply )?(?:go away|die|end|disappear|become pointless|get thrown out)\b/g,
    "$& mootness moot live controversy capable of repetition",
  ],
  // Stop 35: a suit against a sitting President (Clinton v. Jones; Nixon v. Fitzgerald).
  [
    /\b(?:sue|sues|sued|suing|suit against|lawsuit against|case against)\b[^?]{0,40}\b(?:the )?(?:sitting )?president\b|\bpresident\b[^?]{0,120}\b(?:before (?:he|she) (?:got|was) (?:elected|in office|president)|(?:till|until|while) (?:he|she)(?:'s| is) (?:still )?(?:out of|in) office|out of office)\b/g,
    "$& presidential immunity executive immunity",
  ],
  // Stop 35: digging next to the line until the neighbour's land slides in: lateral support.
  [
    /\b(?:dug|dig|digs|digging|excavat\w*|hole|trench|pit)\b[^.?!]{0,120}\b(?:slid\w*|slides|caving|caved|cave in|collaps\w*|sinking|sank|sunk|crumbl\w*|subsid\w*|giving way|gave way|falling in|fell in)\b|\b(?:slid\w*|caving|caved|collaps\w*|sinking|sank|crumbl\w*|subsid\w*)\b[^.?!]{0,40}\b(?:into|toward) (?:the |his |her |their |my )?(?:hole|pit|trench|excavation)\b/g,
    "$& lateral support withdrawal of support",
  ],
  // Stop 35: a protection for citizens of one state who work or trade in another (Article IV).
  [
    /\bcitizens? of (?:one|another|other|a different|a neighbou?ring) states?\b|\b(?:pursue|earn|make|seek)\w* (?:a |their |his |her )?(?:livelihood|living)\b[^.?!]{0,40}\b(?:another|other|different) state\b/g,
    "$& privileges and immunities nonresident citizens of other states",
  ],
  // Stop 35: a lien or other encumbrance on the seller's title found before closing (marketable title).
  [
    inContext(
      /\b(?:unpaid |old |outstanding |recorded )*(?:lien|liens|judgment lien|tax lien|mechanic'?s lien|encumbrance|encroach\w*|unreleased mortgage)\b|\b(?:problems?|issues?|defects?|clouds?|trouble|gaps?) (?:with|in|on) (?:the )?(?:seller'?s |his |her |their )?title\b|\btitle (?:problems?|issues?|defects?)\b/g,
      String.raw`closing|close the (?:sale|deal)|back out|refuse to (?:go through|close|buy|pay)|go through with|buyer|purchase`,
    ),
    "$& marketable title encumbrance",
  ],
];

/**
 * Situations a follow-up turns to, in students' words (stop 36, decision 097): the next step of the
 * same story told as a new fact ("while the appeal is pending the sale is cancelled", "the jury just
 * couldn't agree", "her partner tries it and she takes the stand"). Written from the misses of the
 * follow-up sets read this stop, each for its class, each with a test in lexicon.test.ts. Applied after
 * the subject lists, over the follow-up read with its thread, so a context word may come from either turn.
 */
import { inContext, outOfContext } from "./context";

export const FOLLOW_UP_SITUATIONS: [RegExp, string][] = [
  // A partner who wants to leave and be paid for her share ("can she just walk away and make the other
  // one pay her for her half?"): dissociation and the buyout.
  [
    inContext(
      /\b(?:quit|quits|quitting|walk(?:s|ed)? away|leaves?|leaving|wants? to leave|get out|pull(?:s|ed)? out|cash(?:es|ed)? out)\b[^?]{0,80}\b(?:pay|pays|paid|buy|buys|bought|cash)\b[^?]{0,30}\b(?:her|his|their|my) (?:half|share|stake|cut|part|interest)\b/g,
      String.raw`partners?|partnership|split (?:the )?profits|business together|started (?:a|the) \w+ (?:business|truck|shop|company)`,
    ),
    "$& dissociation dissolution winding up buyout",
  ],
  // A creditor the contract pays directly ("pay the money straight to the paint store the painter owes").
  [
    /\b(?:pay|paid|pays|send|sends|sent|give|gives)\b[^.?!]{0,60}\b(?:straight|right) to\b[^.?!]{0,60}\b(?:owes?|owed|owing|debt|creditor)\b/g,
    "$& third-party beneficiary intended creditor beneficiary",
  ],
  // The case sent to where the witnesses are ("all the witnesses and documents are up in ohio. can it get
  // the case sent up there?"): a transfer of venue.
  [
    inContext(
      /\b(?:witnesses|records|documents|evidence|employees)\b[^?]{0,40}\b(?:are|were|is|live|lives) (?:all )?(?:up|down|over|out|back) (?:in|at)\b|\b(?:get|have) (?:the |this |that |its |the whole )?(?:case|suit|lawsuit|trial) (?:moved|transferred|sent) (?:up|down|over|back) (?:there|to)\b/g,
      String.raw`court|case|suit|sued|sues|lawsuit|trial`,
    ),
    "$& transfer of venue 1404 convenience of parties and witnesses",
  ],
  // Someone left out who wants in on her own ("wants to jump in on her own to protect her share").
  [
    inContext(
      /\b(?:jump|step|butt|get|come|join) in (?:on (?:her|his|their|its) own|(?:her|him|them|it)sel(?:f|ves))\b|\b(?:jump|step|butt) in\b[^?]{0,30}\bto protect (?:her|his|their|its|my)\b/g,
      String.raw`sues?|sued|suing|suit|lawsuit|case|court|party|parties`,
    ),
    "$& intervention intervene as of right",
  ],
  // The dispute ends while the appeal is pending ("while the appeal is pending the logging company backs
  // out and the sale is cancelled"): mootness. The event named after the pending case.
  [
    /\b(?:while|during|before)\b[^?]{0,40}\b(?:appeal|case|lawsuit|suit|litigation)\b (?:is |was )?(?:still )?(?:pending|going on|on appeal|being decided|in progress)\b[^?]{0,80}\b(?:cancel\w*|called off|backs? out|backed out|gives? up|gave up|ends?|ended|expires?|expired|repeal\w*|withdr[ae]w\w*|dropp\w*|dies|died|graduat\w*|closes?|closed|moves? away|moved away|is released|was released|is over|was over)\b/g,
    "$& mootness moot live controversy capable of repetition",
  ],
  // A promise made afterwards in thanks ("promised the money after I turned 21, as a thank you for having
  // already done it"): past consideration.
  [
    /\bthank(?:s| you)\b[^?]{0,30}\bfor (?:having |what (?:\w+ ){1,2})?(?:already )?(?:done|did|\w+ed)\b|\bpromis\w*\b[^?]{0,40}\bafter (?:i|he|she|they|we) (?:had )?(?:already )?(?:done it|did it|finished|turned \d{2}|completed)\b/g,
    "$& past consideration moral obligation promise for a benefit received",
  ],
  // A minor who lied about his age ("does it change anything if he told the dealer he was 19?").
  [
    inContext(
      /\b(?:told|tells|said|says|claimed|claims|lied (?:and said|that))\b[^?]{0,30}\b(?:he|she|they|i) (?:was|were|is|am) (?:1[89]|2\d|an adult|of age|over (?:18|eighteen|21))\b|\blied about (?:his|her|their|my) age\b|\bfake (?:id|i\.d\.)\b/g,
      String.raw`minor|\d{2} years? old|\d{2}-year-old|teen\w*|underage|kid|dealer|contract|bought|buys|sold|car`,
    ),
    "$& minor capacity misrepresentation of age infancy disaffirm",
  ],
  // Lying in wait and caught just before the act ("waited outside ben's office, and got grabbed by
  // police just as ben walked out"): attempt.
  [
    /\b(?:waited|waiting|waits|hid|hiding|hides|lay in wait|lying in wait|staked out|crouched|parked)\b[^?]{0,80}\b(?:grabbed|arrested|caught|stopped|nabbed|tackled|seized|apprehended)\b/g,
    "$& attempt substantial step",
  ],
  // The police follow a suspect into his home or garage ("pulled into his garage when they flashed their
  // lights, and they followed him in"): hot pursuit, an exigent circumstance.
  [
    inContext(
      /\b(?:followed|chased|pursued|ran after) (?:him|her|them|the (?:\w+ )?(?:suspect|driver|guy|man|woman|kid)) (?:in|inside|into|right in)\b|\b(?:ran|fled|pulled|drove|ducked) (?:into|inside) (?:his|her|their|the) (?:house|home|garage|apartment|yard|driveway)\b[^?]{0,80}\b(?:followed|went in|came in|chased)\b/g,
      String.raw`police|officers?|cops?|deputy|trooper|warrant|lights|siren`,
    ),
    "$& hot pursuit exigent circumstances warrantless entry",
  ],
  // A hung jury ("what if the first trial ended because the jury just couldn't agree on a verdict?").
  [
    inContext(
      /\bjury\b[^?]{0,30}\b(?:couldn'?t|could not|can'?t|cannot|didn'?t|did not|unable to|failed to|never) (?:\w+ )?(?:agree|reach|decide|come to)\b|\bhung jury\b|\b(?:jury|jurors) (?:was |were )?deadlocked\b|\bmistrial\b/g,
      String.raw`charged?|prosecut\w*|acquit\w*|convict\w*|crime|murder|robbery|guilty|state|retr(?:y|ied)|again`,
    ),
    "$& double jeopardy mistrial hung jury manifest necessity retrial",
  ],
  // Another lawyer of the firm tries the case while this one testifies (Model Rule 3.7(b)).
  [
    /\b(?:partner|colleague|associate|co-?counsel|another lawyer|other lawyer|someone else (?:at|from) (?:her|his|the) firm)\b[^?]{0,40}\b(?:tries|try|handles?|argues?|takes?)\b[^?]{0,60}\b(?:takes? the stand|testif\w*|be a witness|as a witness)\b/g,
    "$& lawyer as witness necessary witness advocate at trial imputation",
  ],
  // A lawyer who alone saw what the case turns on and asks to try it ("was the only person who watched
  // her client sign… can she still be the one who tries the case?").
  [
    inContext(
      /\b(?:only|sole|one) (?:person|one|witness|people) (?:who|that) (?:watched|saw|witnessed|heard|was there)\b/g,
      String.raw`lawyer|attorney|counsel`,
    ),
    "$& lawyer as witness necessary witness advocate at trial",
  ],
  // A verdict on too little evidence, and what the loser asks for next (judgment as a matter of law,
  // a new trial).
  [
    inContext(
      /\b(?:find|finds|found|rule[sd]?|verdict|decide[sd]?)\b[^?]{0,40}\bon (?:super |very |really |pretty |such |so )?(?:thin|weak|flimsy|little|shaky) evidence\b|\b(?:verdict|jury)\b[^?]{0,60}\b(?:thin|weak|flimsy|hardly any|not enough|insufficient|no real) evidence\b|\bagainst the (?:great )?weight of the evidence\b/g,
      String.raw`plaintiffs?|sued|sues|suing|lawsuit|civil|damages|liable|jury`,
    ),
    "$& judgment as a matter of law directed verdict new trial",
  ],
  // Permission given in passing, now taken back ("told him once out loud, sure, go ahead and park your
  // boat trailer there, and now the new guy says no"): a license.
  [
    inContext(
      /\b(?:sure|fine|ok(?:ay)?|yes|go ahead)\b,? (?:go ahead and |you can |feel free to )?(?:park|use|cross|walk|drive|fish|hunt|store|keep|put|dock|camp|graze)\b|\b(?:out loud|orally|verbally|by word of mouth|a handshake)\b[^?]{0,60}\b(?:permission|let (?:him|her|them|me|us)|said (?:he|she|they|i|we) could)\b/g,
      String.raw`owner|neighbou?r|land|property|lot|field|yard|driveway|says no|told`,
    ),
    "$& license revocable permission to use land",
  ],
  // A ban narrowed to one kind of message ("what if the ban only covered political speeches and left
  // concerts alone?"): a content-based regulation.
  [
    /\bonly (?:covered|covers|cover|applies to|applied to|apply to|bans?|banned|targets?|targeted|restricts?|restricted|reached|reaches) (?:\w+ ){0,2}(?:political|religious|commercial|union|protest|campaign|anti-\w+|pro-\w+|ideological)\b|\b(?:left|leaves|leaving|let|lets) (?:\w+ ){0,2}?(?:concerts|music|commercial|sports|religious|political|other)\b(?: \w+)? alone\b/g,
    "$& content-based regulation speech strict scrutiny subject matter",
  ],
  // Another act offered to show who did it ("he beat someone else last year with the same custom spiked
  // brass knuckles, to show it was him this time"): other acts, identity, modus operandi.
  [
    /\bto (?:show|prove) (?:that )?it was (?:him|her|them|the defendant|the same (?:guy|man|woman|person))\b|\b(?:same|identical|distinctive|unusual|signature)\b[^?]{0,40}\b(?:weapon|method|mask|knife|knuckles|trick|scheme|note|disguise|m\.?o\.?)\b[^?]{0,60}\b(?:last year|before|earlier|prior|previous|another|someone else|other)\b/g,
    "$& other acts evidence 404(b) identity modus operandi",
  ],
  // Contact that is "part of the game" a player agreed to ("isn't getting hit just part of the game
  // though? he agreed to play"): consent to the contact the game involves.
  [
    /\bpart of the (?:game|sport|match|play)\b|\b(?:he|she|they|i|we) (?:agreed|signed up|chose) to play\b/g,
    "$& consent implied consent to contact in a game",
  ],
  // A conspirator who quits ("what if B backs out the next day and tells A he's done with it?"):
  // withdrawal from the conspiracy, only where the plan is a crime.
  [
    inContext(
      /\b(?:backs?|backed|pulls?|pulled|bows?|bowed|chickens?|chickened|opts?|opted) out\b|\b(?:he'?s|she'?s|i'?m|they'?re|he was|she was) (?:done|through) with (?:it|the plan|the (?:whole )?(?:thing|scheme|job))\b|\bcall(?:s|ed)? (?:it|the (?:whole )?(?:thing|plan|job)) off\b|\bchanges? (?:his|her|their) mind\b/g,
      String.raw`rob|robs|robbing|robbery|steal\w*|burglar\w*|kill|murder\w*|heist|conspir\w*|arson|crime|criminal|guilty|charged`,
    ),
    "$& withdrawal from conspiracy abandonment renunciation",
  ],
  // A witness killed or silenced by the defendant's arrangement ("the defendant is the one who had her
  // killed to keep her quiet"): forfeiture by wrongdoing.
  [
    inContext(
      /\b(?:had|got|paid (?:someone|somebody|a \w+) to|hired (?:someone|somebody|a \w+) to) (?:her|him|them|the witness|the victim|the informant) (?:killed|murdered|silenced|kill|murder|silence|beaten up|roughed up)\b|\bto keep (?:her|him|them|the witness) (?:quiet|from testifying|off the stand|from talking)\b/g,
      String.raw`witness\w*|testif\w*|trial|hearing|jury|statements?|police`,
    ),
    "$& forfeiture by wrongdoing unavailable declarant",
  ],
  // Distress told by its signs ("too scared to sleep for months and is seeing a therapist"); after a
  // threat or other intended conduct, the intentional tort.
  [
    /\b(?:too (?:scared|afraid|frightened|anxious) to (?:sleep|leave|go out|eat|work)|(?:can'?t|cannot|couldn'?t|could not|hasn'?t been able to|has not been able to) (?:sleep|eat|work|leave (?:the|her|his|their) house)|seeing a (?:therapist|psychiatrist|counselor|shrink)|in therapy|panic attacks|afraid to leave (?:the|her|his|their|my) (?:house|home|apartment))\b/g,
    "$& severe emotional distress",
  ],
  [
    inContext(
      /\bsevere emotional distress\b/g,
      String.raw`threaten\w*|threat|(?:said|told \w+) (?:he|she|they)'?d (?:come|hurt|kill|break|get)|break (?:his|her|your|their) (?:legs?|arms?|neck)|kill (?:him|her|you|them)|harass\w*|stalk\w*|prank|humiliat\w*`,
    ),
    "$& intentional infliction of emotional distress outrageous conduct",
  ],
  // A product put to a use it was not made for, told as the use ("what if I'd been using it to heat
  // motor oil, can they defend with that?"), beside a product: misuse.
  [
    inContext(
      /\b(?:using|used|use) (?:it|them|the (?:[\w-]+ )?(?:machine|device|appliance|tool|heater|maker|blender|ladder|scooter|saw|drill|mower)) (?:to|for) (?:heat|heating|cook|cooking|boil|boiling|melt|melting|crush|crushing|grind|grinding|cut|cutting|lift|lifting|tow|towing|strip|stripping|dry|drying|hammer|hammering|prop|propping|pry|prying|carry|carrying|climb|climbing|stand|standing) (?:\w+ ){0,3}(?:oil|gas|gasoline|metal|wax|paint|chemicals?|rocks?|cars?|trucks?|people|kids|furniture|roofs?|on)\b/g,
      String.raw`products?|manufactur\w*|makers?|appliances?|machines?|devices?|tools?|defect\w*|exploded|broke|snapped|strict(?:ly)? liab\w*`,
    ),
    "$& misuse alteration products liability defenses",
  ],
  // Goods made to the buyer's order that nobody else wants ("nobody else wants mugs with her logo on
  // them. what can i actually recover?"): the seller's action for the price.
  [
    inContext(
      /\b(?:nobody|no one|no-one) (?:else )?(?:wants?|would (?:want|buy|take)|will (?:buy|take)|is going to buy)\b|\b(?:can'?t|cannot|couldn'?t) (?:resell|sell (?:them|it|these|those) (?:to )?(?:anyone|anybody|elsewhere))\b/g,
      String.raw`ordered|order|goods|sale|sold|buyer|seller|printed|made|manufactured|custom\w*|logo|delivered`,
    ),
    "$& seller action for the price goods not resalable ucc remedies",
  ],
  // The principal told the third party the agent was gone ("what if linden had emailed rourke back in
  // march saying she was gone?"): notice ending apparent authority.
  [
    /\b(?:emailed|e-mailed|told|notified|wrote (?:to)?|written (?:to)?|sent (?:a |an )?(?:letter|notice|email|e-mail|text) to|called|informed)\b[^?]{0,40}\b(?:she|he|they) (?:was|were|had been|'d been) (?:gone|fired|let go|terminated|no longer (?:with|working|employed|authorized))\b/g,
    "$& notice of termination lingering apparent authority",
  ],
  // A private body tied to the state by money or favours ("a private college instead, but it gets a big
  // state grant every year and pays no property tax"): state action.
  [
    inContext(
      /\bprivate (?:college|university|school|hospital|club|company|corporation|landlord|employer|prison|utility)\b[^?]{0,80}\b(?:state|government|public|federal|city|county) (?:grants?|funding|funds|money|subsid\w*|contracts?|land|lease)\b|\b(?:pays? no|exempt from|doesn'?t pay) (?:\w+ )?tax\w*\b/g,
      String.raw`constitution\w*|equal protection|due process|first amendment|free speech|discriminat\w*|state action|fourteenth`,
    ),
    "$& private actor state action entanglement",
  ],
  // The promisee and promisor undo the deal before the beneficiary learned of it: whether her rights
  // had vested.
  [
    inContext(
      /\b(?:call|calls|called|calling) (?:the whole thing|it|the deal|the contract|the job) off\b|\b(?:cancel\w*|rescind\w*|undo|undid|tore up|tear up|modif\w*|chang\w*)\b[^?]{0,60}\bbefore (?:\w+ ){0,3}(?:ever )?(?:heard|knew|learned|found out|relied|was told)\b/g,
      String.raw`benefit of|beneficiar\w*|for (?:her|his|their) (?:mother|father|daughter|son|benefit)|third part\w*|sue \w+ (?:herself|himself|themselves)`,
    ),
    "$& third-party beneficiary vesting rescission modification before vesting",
  ],
  // The person defamed holds public office or fame ("what if Gus were the town's mayor instead?"): the
  // constitutional limits (actual malice).
  [
    // Not words spoken in the legislature: a senator's floor speech is the Speech or Debate Clause's.
    outOfContext(
      inContext(
        /\b(?:mayor|governor|senator|congress(?:man|woman|person)|city council(?:or|man|woman)?|council member|public official|police chief|sheriff|celebrity|famous|public figure|candidate|school board member)\b/g,
        String.raw`defam\w*|libel\w*|slander\w*|falsely (?:reported|said|wrote|claimed|accused|stated)|false (?:story|article|report|statement|post)`,
      ),
      String.raw`floor|speech or debate|legislative|in (?:congress|the senate|the house)`,
    ),
    "$& public official public figure actual malice defamation constitutional limits",
  ],
  // A client who committed a crime asks the lawyer to help carry it through ("Kessler goes through with
  // it and then wants Brandvold to prepare and submit the insurance claim"): assisting a client's fraud,
  // and the duty to withdraw.
  [
    inContext(
      inContext(
        /\bwants? (?:\w+ ){0,2}to (?:prepare|submit|file|draft|send|write up|put in)\b[^?]{0,40}\b(?:insurance )?claims?\b/g,
        String.raw`burn\w*|fraud\w*|arson|fake|staged|lie|lied|false`,
      ),
      String.raw`attorney|lawyer|counsel|client`,
    ),
    "$& assisting client crime or fraud mandatory withdrawal terminating representation",
  ],
  // Half the work done when the contract was discharged, and money paid up front: restitution.
  [
    /\b(?:did|done|finished|completed|had done) (?:about |roughly |only )?(?:half|part|some|most|a third|\d+ ?%) (?:of )?(?:the )?(?:\w+ )?(?:work|job|mural|house|project|painting|building|renovation)\b[^?]{0,80}\b(?:paid|money|deposit|up ?front|advance)\b/g,
    "$& restitution quantum meruit benefit conferred",
  ],
  // An ordinary employee of an organization the lawyer knows has counsel ("what if it's just a forklift
  // driver at their warehouse who saw it?"): the no-contact rule reaches some constituents.
  [
    inContext(
      /\b(?:just |only )?(?:a|an|some) (?:low-level |ordinary |regular |rank-and-file )?(?:employee|worker|driver|forklift driver|clerk|janitor|cashier|warehouse worker|secretary|receptionist|manager|supervisor|engineer|nurse)\b[^?]{0,30}\b(?:at|of|for|from) (?:their|the other side'?s|the company'?s|the defendant'?s|its)\b/g,
      String.raw`outside counsel|represented|has a lawyer|has counsel|its lawyers?|their lawyers?|other side|opposing`,
    ),
    "$& communication with represented person organization constituent no-contact rule",
  ],
  // Evidence the police found through an unlawful search or a statement it produced ("say it wasn't.
  // he then tells police where he hid more guns and they find them"): fruit of the poisonous tree.
  [
    inContext(
      /\b(?:tells|told|leads|led|shows|showed|takes|took) (?:the )?(?:police|cops|officers|detectives?|agents?)\b[^?]{0,40}\b(?:where|to)\b[^?]{0,60}\b(?:find|finds|found|hid|hidden|buried|stashed)\b/g,
      String.raw`illegal\w*|unlawful\w*|unconstitutional\w*|(?:wasn'?t|was not|isn'?t|is not) (?:legal|lawful|valid|ok|okay)|violat\w*|without a warrant|hunch|suppress\w*|no miranda|without miranda`,
    ),
    "$& fruit of the poisonous tree exclusionary rule derivative evidence",
  ],
  // The challenged action ends while the suit goes on, told event first ("what happens if the agency
  // cancels the dam while the lawsuit is still going?"): mootness.
  [
    /\b(?:cancel\w*|calls? off|called off|abandon\w*|scraps?|scrapped|repeal\w*|withdr[ae]w\w*|rescind\w*|drops? the|dropped the|ends? the|ended the)\b[^?]{0,60}\b(?:while|during)\b[^?]{0,30}\b(?:appeal|case|lawsuit|suit|litigation)\b/g,
    "$& mootness moot live controversy capable of repetition voluntary cessation",
  ],
  // The accused was drunk or high, in a story of a crime ("what if the killer was really drunk when it
  // happened?" after murder and manslaughter): the intoxication defense.
  [
    inContext(
      /\b(?:the (?:killer|defendant|accused|shooter|attacker|robber|thief|burglar|suspect)|he|she|they|d)\b (?:was|were|had been) (?:really |very |so |completely |totally |extremely |blind )?(?:drunk|wasted|intoxicated|hammered|high|stoned|blackout drunk)\b/g,
      String.raw`murder\w*|kill\w*|manslaughter|crimes?|criminal|charged|assault\w*|burglar\w*|larceny|robbery|robbed|arson|guilty|stabbed|shot|shoot\w*|homicide|victim|weapon|gun`,
    ),
    "$& voluntary intoxication",
  ],
];

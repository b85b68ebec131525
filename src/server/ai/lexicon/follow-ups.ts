/**
 * Situations a follow-up turns to, in students' words (stop 36, decision 097): the next step of the
 * same story told as a new fact ("while the appeal is pending the sale is cancelled", "the jury just
 * couldn't agree", "her partner tries it and she takes the stand"). Written from the misses of the
 * follow-up sets read this stop, each for its class, each with a test in lexicon.test.ts. Applied after
 * the subject lists, over the follow-up read with its thread, so a context word may come from either turn.
 */
import { inContext } from "./context";

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
];

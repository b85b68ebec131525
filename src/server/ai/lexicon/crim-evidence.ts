/**
 * Situations in Criminal Law and Evidence, in students' words (issue 13 §1; decision 057).
 * Part of the lay lexicon (lexicon.ts): each entry is a lower-case whole-word pattern and the text
 * that replaces it ("$&" keeps the student's words and adds the doctrine's). Entries are general:
 * none is tied to one question. The parts are applied in the order lexicon.ts lists them.
 */
import { contextGuard, inContext, outOfContext } from "./context";

export const CRIM_EVIDENCE_SITUATIONS: [RegExp, string][] = [
  // Criminal law.
  [
    /\b(?:thinking|thought|believing|believed|sure) (?:it|they) (?:was|were) (?:his|her|their|my) own\b/g,
    "$& mistake of fact intent to steal",
  ],
  [
    /\b(?:undercover|informant|sting)\b[^.?!]{0,80}\b(?:begg\w*|kept asking|pressur\w*|pushed|talked (?:me|him|her) into|for weeks|for months)\b|\bnever (?:sold|done|used|bought) \w+ before\b/g,
    "$& entrapment induced predisposed",
  ],
  [
    /\b(?:pac(?:ing|ed)|walk(?:ed|ing) back and forth|peer(?:ing|ed) in(?:to)?|casing|looking in the windows?|acting suspicious\w*|acting nervous)\b/g,
    "$& reasonable suspicion stop frisk",
  ],
  [
    /\b(?:never told|didn'?t tell|hid|withheld|kept from|never disclosed|didn'?t disclose)\b[^.?!]{0,40}\b(?:the defen[cs]e|defense (?:lawyer|attorney|counsel))\b/g,
    "$& brady exculpatory evidence prosecution disclose",
  ],
  [
    /\bin bed with\b|\bcaught (?:her|his|my) (?:husband|wife|spouse|partner)\b|\b(?:in a (?:rage|fit of)|in the heat of the moment|snapped and)\b/g,
    "$& heat of passion provocation",
  ],
  [
    /\b(?:getaway (?:car|driver)|lookout|kept watch|waited (?:outside|in the car)|(?:sat|sit|sits|sitting|stayed|stay) in the (?:car|van|truck))\b/g,
    "$& accomplice aid abet",
  ],
  // A witness's own lie on a form or to an official (FRE 608(b)), not a conviction.
  [
    /\b(?:lied|lying|lies|fibbed) (?:on|in|about) (?:a|an|his|her|their|my|the) (?:[\w-]+ )?(?:application|form|resume|résumé|tax return|affidavit|insurance claim|expense report|timesheet)\b|\bfalsified (?:a|an|his|her|their|my|the) (?:[\w-]+ )?(?:application|form|resume|records?|report)\b/g,
    "$& specific instances of untruthful conduct character for truthfulness cross-examination",
  ],
  // Asking, paying or urging someone else to commit a crime ("offered his cousin $5,000 to burn it down"); not a
  // question about a contract to do it (illegality), decision 093.
  [
    /(?<!\b(?:contract|enforc\w*)\b[\s\S]*)(?![\s\S]*\b(?:contract|enforc\w*)\b)\b(?:offer(?:ed|s|ing)?|pa(?:id|ys?|ying)|promis(?:ed|es?|ing)|ask(?:ed|s|ing)?|begg(?:ed)?|beg|urg(?:ed|es?)|tr(?:ied|ies|y) to (?:get|hire|convince|talk)|hir(?:ed|es?)) (?:(?:his|her|their|a|an|the|my|some|another) [\w-]+(?: [\w-]+)?|someone|somebody|a guy|him|her|them)(?: \$?[\d,]+(?: dollars| bucks)?| money| cash)? to (?:kill|murder|burn|set fire|set (?:[\w']+ ){1,3}on fire|torch|smash|beat (?:up)?|hurt|steal|rob|break into|vandali[sz]e|damage|slash|shoot|poison|destroy|blow up|sell drugs)\b/g,
    "$& solicitation asks another person to commit a crime",
  ],
  [
    // An agreement to sell is a contract unless what is sold is contraband (decision 073: "agreed to sell my house").
    /\b(?:agreed|planned|plotted|teamed up|conspired)\b[^.?!]{0,30}\bto (?:rob|kill|steal|burn|break into|murder|sell (?:drugs|meth|cocaine|heroin|fentanyl|pills|guns|stolen))\b/g,
    "$& conspiracy agreement overt act",
  ],
  // Stop 32 (decision 093): two people planning a crime together ("my friend and I plan a bank robbery").
  [
    /\b(?:and (?:i|me|he|she|his \w+|her \w+)|together|with (?:my|his|her|their) (?:friend|buddy|brother|sister|cousin|roommate|partner|coworker|boyfriend|girlfriend))\b[^.?!]{0,20}\b(?:plan|plans|planned|planning|plot|plotted|agree|agreed|decide|decided|schem\w*)\b[^.?!]{0,30}\b(?:robbery|heist|burglary|rob|break[- ]in|break into|arson|murder|kill|steal|hold ?up|carjack\w*)\b/g,
    "$& conspiracy agreement overt act",
  ],
  [
    /\b(?:never|didn'?t|without) (?:ever )?(?:read(?:ing)?|giv(?:e|ing)|tell(?:ing)?) (?:me|him|her|them) (?:my|his|her|their) rights\b/g,
    "$& miranda warnings custodial interrogation",
  ],
  [
    /\b(?:during|in the middle of|while committing|while doing) (?:a |the )?(?:burglary|robbery|rape|arson|kidnapping|break-in|holdup|hold-up|carjacking)\b/g,
    "$& felony murder",
  ],
  // Evidence.
  [
    /\bshow (?:the jury )?(?:a |the )?(?:photo|photograph|picture|video|recording|letter|email|text message|document)\b|\blay (?:the|a) foundation\b/g,
    "$& authentication identify genuine",
  ],
  [
    /\b(?:stole|robbed|hit|sold|did|done|beat|attacked) \w+ (?:before|twice before|in the past|a few times before)\b|\bhas done (?:this|it|that) before\b|\bprior (?:thefts|robberies|assaults|burglaries)\b/g,
    "$& prior acts character propensity other crimes",
  ],
  [
    /\b(?:wrote (?:it )?(?:all )?down|her diary|his diary|a diary|journal entry|notes? (?:she|he) (?:made|wrote|took))\b/g,
    "$& record made when fresh in memory",
  ],
  [
    // The ER doctor alone is a statement's setting only where a statement is in question; "the ER doctor
    // botched the surgery" is a cause of death (stop 35).
    new RegExp(
      String.raw`\b(?:told|said to) (?:the|her|his|my) (?:er |emergency room |family )?(?:doctor|nurse|paramedic|emt)\b|\b(?:er|emergency room) doctor\b` +
        contextGuard(String.raw`told|tells|said|says|statement|admissib\w*|hearsay|testif\w*`),
      "g",
    ),
    "$& statement for medical diagnosis or treatment",
  ],
  [
    /\b(?:my|his|her) (?:wife|husband|spouse)\b[^.?!]{0,40}\btestify\b|\btestify against (?:my|his|her) (?:wife|husband|spouse)\b/g,
    "$& spousal privilege",
  ],
  [
    /\b(?:charts?|logs?|records?|ledgers?|files?)\b[^.?!]{0,60}\b(?:kept|filled (?:in|out)|every (?:day|shift|week)|regularly|routinely|in the ordinary course)\b/g,
    "$& business records regularly conducted activity",
  ],
  [
    /\b(?:told the (?:police|cops|officer|detective)|said (?:earlier|before|last week|at the scene))\b[^.?!]{0,80}\b(?:but|now|on the stand|at trial)\b|\b(?:on the stand|at trial)\b[^.?!]{0,80}\bbut\b[^.?!]{0,40}\b(?:told|said)\b/g,
    "$& prior inconsistent statement impeachment",
  ],
  [
    // Not where the police acted on the call and the question is the search ("officers responding to a
    // 911 call… the homeowner moves to suppress"; decision 097).
    outOfContext(
      /\b(?:called 911|911 (?:call|operator|dispatcher)|nine-one-one|right as it (?:happened|was happening)|as it (?:happened|was happening)|while it was happening)\b|\b(?:screaming|screamed|shouted|yelled|exclaimed|blurted(?: out)?),? ['"]/g,
      String.raw`suppress\w*|warrantless|without (?:a |getting a |any )?warrant|fourth amendment`,
    ),
    "$& excited utterance present sense impression startling event",
  ],
  [
    /\b(?:told|confessed to|admitted to|asked) (?:my|his|her|their) (?:lawyer|attorney)\b/g,
    "$& attorney-client privilege confidential communication",
  ],
  [
    /\bif (?:i|he|she|they|the defendant) testif(?:y|ies)\b[^?]{0,100}\b(?:conviction|convicted|record)\b|\b(?:conviction|convicted|record)\b[^?]{0,100}\bif (?:i|he|she|they|the defendant) testif(?:y|ies)\b/g,
    "$& impeachment prior conviction",
  ],
  [
    /\b(?:wants? to|will|going to|can (?:she|he|i|the witness)|may (?:she|he|the witness)|let (?:her|him|me)) (?:say|testify|repeat|tell the jury)\b[^?]{0,40}\b(?:told (?:me|him|her|them|us)|said (?:that|to))\b/g,
    "$& out-of-court statement hearsay",
  ],
  // Decision 073: more situations, written from the third dev set's classes of miss.
  [
    /\b(?:victim|accuser|complainant|woman|girl)'?s? (?:past|prior|previous|other|sexual|sex) (?:boyfriends?|partners?|lovers?|sex life|sexual (?:history|behavior|behaviour|conduct)|relationships?)\b|\b(?:her|his) (?:past|prior|previous|ex-?) ?(?:boyfriends|lovers|sexual partners)\b|\b(?:sexual (?:history|past)|sex life)\b/g,
    "$& rape shield victim's sexual behavior predisposition",
  ],
  [
    /\b(?:always|every (?:single )?(?:night|morning|evening|day|time)|without fail|like clockwork|never (?:once )?(?:forgets|fails|misses|forgot|failed|missed))\b[^?]{0,120}\b(?:prove|show|evidence|use (?:that|it|this)|testify)\b/g,
    "$& habit routine practice",
  ],
  // Stop 33: how regularly someone does it, told after or before what it should prove ("prove she scanned
  // the wristband by showing she always does it"; "she skips it a third of the time").
  [
    inContext(
      /\b(?:always|every (?:single )?time|without fail|like clockwork|invariably|religiously|most of the time|(?:a third|a quarter|half|some) of the time|(?:skips?|skipped|misses|missed|forgets?|forgot) (?:it|them|that) (?:sometimes|often|now and then))\b/g,
      String.raw`prove|proves|proving|show|showing|evidence|testif\w*|jury|admissib\w*|bring (?:that|it|this) up|(?:in|at) (?:the|our|my) (?:[\w-]+ ){0,2}(?:case|trial|lawsuit|suit)`,
    ),
    "$& habit routine practice",
  ],
  // Stop 30 (decision 091): what students say when a follow-up moves to the neighbouring doctrine.
  // Police who ask "mind if we look?" and a shrug or an opened trunk: consent to a search.
  [
    new RegExp(
      String.raw`\b(?:mind if (?:we|i) (?:take a )?(?:look|search|check)\w*|(?:can|could|may) (?:we|i) (?:take a look|look|search|check)\b[^?]{0,30}\b(?:car|trunk|bag|house|backpack|phone)|(?:shrugged|nodded|said sure|said ok(?:ay)?|popped the trunk|opened the (?:trunk|door|bag))\b` +
        contextGuard(String.raw`cops?|police|officers?|deputy|agents?|search\w*`) +
        String.raw`)`,
      "g",
    ),
    "$& consent search voluntary consent",
  ],
  // Evidence found because of what a suspect said or an illegal search turned up: the fruit.
  [
    /\bbecause of what (?:he|she|they) (?:said|told (?:them|the police|the cops))\b|\b(?:his|her|their) (?:statement|confession|answers?) led (?:them|the police|the cops|officers|detectives)\b|\bled (?:the )?(?:police|cops|officers|detectives) (?:right )?to\b/g,
    "$& fruit of the poisonous tree exclusionary rule derivative evidence",
  ],
  // A suspect who asked for a lawyer, questioned again later.
  [
    /\b(?:says|said|asks|asked|tells them|told them) (?:that )?(?:he|she|they)? ?(?:wants?|for) (?:a |his |her )?(?:lawyer|attorney)\b[^?]{0,120}\b(?:again|come back|later|another (?:try|round)|re-?question|keep (?:asking|questioning))\b|\bcome back (?:\w+ ){0,4}(?:and )?(?:try|question|ask)\w* (?:him |her )?again\b/g,
    "$& invocation of the right to counsel Miranda Edwards reinitiate interrogation",
  ],
  // A crime that needs no mental state at all ("no guilty mind at all", "never has to prove intent").
  [
    /\b(?:no|without (?:any|a)|don'?t need (?:a|any)|doesn'?t need (?:a|any)) (?:guilty mind|mental state|mens rea|criminal intent|intent at all)\b|\bnever (?:has|have|needs?) to prove (?:any )?(?:intent|knowledge|mens rea)\b|\bwithout (?:the (?:prosecution|state|government) )?(?:proving|showing|having to prove) (?:any )?(?:intent|knowledge|mens rea|mental state|guilty mind)\b/g,
    "$& strict liability offenses public welfare no mens rea",
  ],
  // Telling the jury a party is insured ("a $2 million policy that would pay any judgment"): FRE 411.
  [
    /\b(?:carried|carries|has|had|holds?) (?:a |an )?(?:\$[\d.,]+ ?(?:million|k)? )?(?:\w+ )?(?:insurance )?polic(?:y|ies)\b[^.?!]{0,80}\b(?:pay|cover)\w* (?:any|the|a) (?:judgment|verdict|award|damages)\b|\b(?:tell|told|mention\w*|inform\w*) the jury\b[^.?!]{0,60}\b(?:insur\w*|polic(?:y|ies)|carrier)\b/g,
    "$& liability insurance rule 411",
  ],
  // A witness tied to a party ("bring up that she's the other driver's sister"): bias.
  [
    /\b(?:bring up|point out|ask (?:her|him|them) about|mention|show|tell the jury)\b[^?]{0,20}\b(?:that )?(?:she|he|they)(?:'s| is| are|'re| was| were)\b (?:\w+ ){0,2}(?:(?:the )?(?:other (?:driver|side|party)|defendant|plaintiff|accused|victim)(?:'s)?|(?:his|her|their) (?:own )?)\s?(?:sister|brother|wife|husband|cousin|mother|father|son|daughter|girlfriend|boyfriend|best friend|friend|employee|boss|partner|business partner|lover|ex)\b/g,
    "$& impeachment bias interest witness",
  ],
  // Asking someone else to commit a crime, said in so many words ("ask someone to commit a crime for you").
  [
    /\b(?:ask\w*|urg\w*|encourag\w*|request\w*|command\w*|get(?:s|ting)?|hir\w*) (?:someone|somebody|another(?: person)?|a person|anyone|anybody|people|others?|a friend|a stranger)(?: else)? to (?:commit|do) (?:a |the |any )?(?:crime|felony|offen[cs]e|murder|robbery|theft|burglary|arson|assault)\b/g,
    "$& solicitation asks another person to commit a crime",
  ],
  // One person only asked another to do it, and the other refused.
  [
    /\b(?:only|just) asked (?:his|her|their|a) (?:\w+ )?(?:buddy|friend|brother|sister|cousin|partner|coworker|roommate|neighbou?r|guy)\b[^?]{0,60}\b(?:said no(?! problem)|refused|declined|never did|didn'?t (?:do|go through))\b/g,
    "$& solicitation asked another to commit a crime",
  ],
  // Stop 30 (decision 091): fact patterns of the seen sets' remaining misses, each for its class.
  // Tried again for the same act after an acquittal or a conviction.
  [
    /\btried twice\b|\b(?:acquitted|convicted|(?:finds|found|find) (?:\w+ )?(?:not )?guilty)\b[^?]{0,200}\b(?:indicted|charged?|tried|try|retry|prosecuted|prosecute)\b[^?]{0,60}\b(?:again|same|very same)\b|\b(?:twice|again) for the (?:very )?same (?:crime|offense|act|robbery|thing)\b/g,
    "$& double jeopardy same offense separate sovereigns",
  ],
  // Paying or offering someone money to hurt another.
  [
    /\b(?:i'?ll|will|would) (?:give|pay) (?:you|him|her|them) (?:\$?[\d,]+|two grand|a grand|\w+ grand|\w+ hundred|money|cash)\b[^.?!]{0,30}\bto (?:mess up|beat|hurt|kill|burn|rob|break|trash|jump|shoot|steal)\b/g,
    "$& solicitation asked another to commit a crime",
  ],
  // A witness kept away from the trial on purpose, by a job abroad or a paid trip ("to keep her away from
  // the trial, offered her a job overseas until the case was over").
  [
    /\b(?:purpose of|to|in order to|so as to|so that) keep(?:ing)? (?:her|him|them|the witness|a witness|\w+) (?:away )?from (?:the )?(?:trial|testifying|court|hearing|the stand)\b|\b(?:offer\w*|gave|give|paid|pay) (?:her|him|them|the witness) (?:a |an )?(?:[\w-]+ ){0,2}(?:job|trip|vacation|position|apartment)\b[^.?!]{0,80}\b(?:until|till|so) (?:after )?(?:the )?(?:case|trial|hearing|lawsuit)\b/g,
    "$& forfeiture by wrongdoing unavailable declarant",
  ],
  // A witness kept from court by the defendant's threats or doing.
  [
    /\b(?:threaten\w*|intimidat\w*|(?:would|will|gonna) regret it|scared (?:her|him|them) off|paid (?:her|him|the witness) to (?:leave|disappear|stay away))\b[^?]{0,200}\b(?:witness\w*|testif\w*|trial)\b|\b(?:witness\w*|testif\w*)\b[^?]{0,200}\b(?:threaten\w*|(?:would|will|gonna) regret it)\b/g,
    "$& forfeiture by wrongdoing unavailable declarant",
  ],
  // Stop 33: an offer to pay someone's medical bills after an accident (FRE 409), not the admission beside it.
  [
    /\b(?:cover|pay|paying|pick up|take care of|handle|reimburse)\b (?:for )?(?:all )?(?:of )?(?:your|her|his|their|my|the) (?:[\w-]+ ){0,2}(?:hospital|medical|doctor'?s?|er|emergency[- ]room|ambulance|surgery|physical therapy|dental|vet) (?:bills?|costs?|expenses?)\b/g,
    "$& payment of medical expenses offer to pay",
  ],
  // Stop 33: charged for trying when the finished crime fails ("can they still get him for trying to do
  // it?", "what if she never got the money?"): attempt.
  [
    /\b(?:get|got|charge|charged|convict|convicted|nail|nailed|prosecute|prosecuted|go after|guilty|liable) (?:him|her|them|me|us)? ?(?:of |for )?(?:just |only |still )?(?:trying|an? (?:try|attempt))\b|\bfor (?:at least |just |only )?trying to\b/g,
    "$& attempt substantial step",
  ],
  // Stop 33: a witness paid or pressed to stay away, told in either order with the trial ("what if his
  // brother paid her to leave town?" after her testimony was read at trial).
  [
    inContext(
      /(?:\b(?:paid|pays|paying|bribed|bribes|talked|pressured|convinced|got|scare|scared|scares|scaring|frighten\w*|forced|forces|forcing|threatened|made|makes) (?:her|him|them|the witness|a witness|the victim)\b (?:\w+ ){0,2}(?:to|into) (?:leave|leaving|skip|skipping|disappear|disappearing|stay away|staying away|hide|hiding|not (?:testify|show|come)|keep quiet|keeping quiet|move away|moving away)\b|\b(?:killed|murdered|got rid of|silenced) (?:the|a|her|him|that) (?:only )?(?:witness|informant|victim)\b|\bmade sure (?:she|he|they) (?:couldn'?t|wouldn'?t|didn'?t|never) (?:testify|show up|come to court)\b|\bwarn(?:ed|s|ing)? (?:her|him|them|the witness)\b[^.?!]{0,40}\b(?:regret|sorry|get hurt|consequences|keep (?:quiet|her mouth shut|his mouth shut)|not to testify|stay away)\b)/g,
      String.raw`witness\w*|testif\w*|trial|hearing|jury`,
    ),
    "$& forfeiture by wrongdoing unavailable declarant",
  ],
  // What a writing said, told from memory while the writing exists.
  [
    /\b(?:exactly |just )?what (?:the|a|an|his|her|their|that|my) (?:[\w-]+ ){0,2}(?:note|letter|contract|email|text|document|receipt|memo|sign|label|lease|will|deed|agreement|policy|invoice|check|recording|video|tape|photo|report) (?:said|says|showed|shows|read|reads|stated)\b|\bwithout (?:showing|producing|bringing|offering|introducing|putting in) (?:the|a|an|that|his|her) (?:actual |original |real |signed )?(?:[\w-]+ )?(?:note|letter|contract|email|document|receipt|memo|lease|will|deed|agreement|recording|video|tape|photo|report)(?: itself)?\b|\bwhat (?:the|his|her) (?:note|letter|contract|document|lease|will|deed|agreement) says\b|\bwithout (?:the|a copy of the) (?:actual|original|signed) (?:lease|contract|letter|document|will|deed|agreement|note|receipt|recording|photo)\b/g,
    "$& original writing content best evidence rule",
  ],
  // A one-person show-up: a victim brought to see a suspect alone, often in handcuffs.
  [
    /\b(?:drove|brought|took|walked) (?:her|him|them|the (?:victim|witness|lady|woman|man)) (?:over|back|to (?:see|look at))\b[^?]{0,120}\b(?:that'?s him|thats him|that'?s her|identif\w*|pointed|looked at me)\b|\bthe only (?:guy|man|person|woman|one|suspect) (?:there|in handcuffs|in cuffs)\b/g,
    "$& show-up identification unnecessarily suggestive",
  ],
  // Someone else confessed to a friend that he did it, and is gone.
  [
    /\b(?:i'?m|i am) the one who\b|\b(?:confessed|admitted) (?:to (?:his|her|a) (?:\w+ )?)?(?:that )?(?:he|she) (?:was the one|did it|took|stole)\b/g,
    "$& statement against interest unavailable declarant",
  ],
  // Stop 32 (decision 093): buying or keeping a thing known to be stolen.
  [
    /\b(?:bought|buys|buying|buy|took|received|receives|accepted|kept|keeps|pawned|fenced|resold|hid|stored)\b[^.?!]{0,60}\b(?:knowing|knew|aware|suspect\w*|figured|realized)\b[^.?!]{0,30}\b(?:stolen|swiped|hot|lifted|nicked|ripped off|shoplifted|boosted|taken|jacked)\b|\bknowing (?:it|they|that it|that they) (?:was|were|had been|got) (?:stolen|swiped|lifted|nicked|shoplifted|boosted|jacked)\b/g,
    "$& receiving stolen property knowing stolen",
  ],
  // Evidence the police would have found anyway: a warrant already on its way, a search already under way.
  [
    /\b(?:would|were going to|was going to|was about to|were about to)(?: have)? (?:found|find|discovered|discover|turned up|come across)\b (?:it|them|the \w+|that \w+)(?: \w+){0,3} (?:anyway|regardless|eventually|in any event)\b|\b(?:found|find|discovered) (?:it|them) anyway\b|\balready on (?:his|her|their|the|its) way\b[^.?!]{0,40}\bwarrant\b|\bwarrant\b[^.?!]{0,40}\balready on (?:his|her|their|the|its) way\b/g,
    "$& inevitable discovery exclusionary rule exception",
  ],
  // A suspect who stays silent without saying so: an invocation must be unambiguous (Berghuis v. Thompkins).
  [
    /\b(?:sits?|sat|stays?|stayed|remain\w*|kept) (?:there )?(?:silent|quiet)\b[^.?!]{0,80}\b(?:without|never) (?:ever )?(?:saying|said|asking|asked)\b|\bnever (?:said|says) (?:he|she|they) (?:wants?|wanted) to (?:stay|remain|be) silent\b/g,
    "$& invoke right to remain silent unambiguous invocation implied waiver",
  ],
  // Stop 33: money offered to end a dispute ("offering me $8k if i drop it", "settlement talks"), where
  // the message asks what a jury may hear or what it proves (not a lawyer who took a settlement): a compromise offer (FRE 408), not a contract offer.
  [
    inContext(
      /(?:\b(?:offer\w*|pay|paying|give|giving|chip in)\b[^.?!]{0,40}\b(?:if|so|to have) (?:i|we|you|he|she|they|the \w+) (?:would |'d |will |agree to )?(?:drop(?:ped|s)?|dismiss\w*|settle\w*|walk(?:ed)? away|(?:did not|didn'?t|would not|wouldn'?t|won'?t|don'?t|not) sue|releas\w*|go(?:es)? away|forget (?:about )?it)\b|\bsettlement (?:offers?|talks|negotiations|discussions|meetings?|conferences?|letters?|emails?)\b|\b(?:offered|offering|offers|tried|trying|wanted|wants) to settle\b)/g,
      String.raw`jury|juries|evidence|admissib\w*|inadmissib\w*|admit(?:ted)? (?:it|that|this|the \w+|into)|prove|proof|testify|impeach\w*|(?:use|show) (?:it|that|this|the \w+) (?:against|at trial|in court|to (?:the )?(?:jury|judge|court|prove))`,
    ),
    "$& compromise offers negotiations disputed claim",
  ],
  // Stop 35 (decision 096): the buyer of what a thief took ("the guy he sold it to for $40 who figured it
  // was probably hot"; "no questions asked"): receiving stolen property, in a story of a taking.
  [
    inContext(
      /\bno questions asked\b|\b(?:guy|man|woman|person|buyer|dude|lady|fence|someone|somebody|stranger|pawnshop|pawn shop|friend|cousin|neighbou?r|kid)\b (?:that |who |whom )?(?:he|she|they|[a-z]+) (?:sold|sells|pawned|fenced|gave|passed|flipped|unloaded) (?:it|them|the \w+) to\b|\b(?:figured|guessed|suspected|knew|could tell|assumed|thought) (?:it|they) (?:was|were) (?:probably |likely |obviously |definitely |pretty obviously )?(?:hot|stolen|swiped|lifted)\b/g,
      String.raw`stole|stolen|steal\w*|took|takes|take|taking|taken|grabbed|swiped|snatched|theft|larceny|robb\w*|burglar\w*|shoplift\w*|walked (?:out|off|away) with|pocketed|thief`,
    ),
    "$& receiving stolen property knowing stolen",
  ],
  // Stop 35: a witness's old conviction raised to show he is lying now (FRE 609).
  [
    /\b(?:convicted|conviction|convictions|pleaded guilty|pled guilty)\b[^.?!]{0,80}\b(?:lying|lies|liar|truthful\w*|untruthful|credib\w*|believ\w*|honest\w*|impeach\w*|on the stand)\b|\b(?:lying|liar|truthful\w*|credib\w*|impeach\w*)\b[^.?!]{0,80}\b(?:convicted|conviction|convictions|criminal record|rap sheet)\b/g,
    "$& impeachment by prior conviction 609",
  ],
  // Stop 35: questioned in custody with no warnings ("nobody told him he could stay quiet or get a lawyer").
  [
    /\b(?:nobody|no one|never|didn'?t|did not|without)\b[^.?!]{0,20}\b(?:told|telling|tell|warn\w*|advis\w*) (?:him|her|them|me|us)\b[^.?!]{0,30}\b(?:stay quiet|stay silent|remain silent|keep quiet|(?:get|have|call|ask for) (?:a |an )?(?:lawyer|attorney))\b/g,
    "$& miranda warnings custodial interrogation",
  ],
  // Stop 35: a witness's past dishonest act that never led to a conviction, asked about on cross (FRE 608(b)).
  [
    inContext(
      /\b(?:padd(?:ed|ing)|fak(?:ed|ing)|falsif\w*|fudg(?:ed|ing)|doctor(?:ed|ing)|cook(?:ed|ing)|forg(?:ed|ing)|inflat(?:ed|ing)) (?:the |his |her |their )?(?:\w+ )?(?:invoices|receipts|books|expense reports?|timesheets?|time ?cards?|records|bills|resume|credentials)\b/g,
      String.raw`cross\w*|witness\w*|testif\w*|ask (?:him|her|them) about|never charged|never convicted|impeach\w*|credib\w*`,
    ),
    "$& specific instances of untruthful conduct 608(b) impeachment",
  ],
  // Stop 35: a party's own words of fault, offered by the other side ("'pretty sure i ran that light'… can
  // pedestrian get that in?").
  [
    inContext(
      /\b(?:pretty sure |i think |i guess |i know )?i (?:ran|hit|caused|was speeding|was texting|didn'?t see|wasn'?t looking|messed up|screwed up|blew (?:the|that|through))\b/g,
      String.raw`get (?:that|it|this) in|admissib\w*|hearsay|objects?|objection|into evidence`,
    ),
    "$& opposing party statement admission by party",
  ],
  // Stop 35: a victim who would have lived but for a doctor's blunder (an intervening cause).
  [
    inContext(
      /\b(?:doctors?|surgeons?|hospital|er|paramedics?|nurses?)\b[^.?!]{0,60}\b(?:botch\w*|messed up|screwed up|negligen\w*|malpractice|careless\w*|mistake)\b/g,
      String.raw`shot|shoots|stabbed|stabs|beat|killed|kill|dies|died|murder\w*|homicide|wounded|victim`,
    ),
    "$& causation intervening cause medical negligence",
  ],
  // Stop 35: a witness who tells what a recording or a document says instead of the thing itself.
  [
    inContext(
      /\b(?:testify|testifies|testifying|describe|describes|recount|recounts|tell the jury)\b[^.?!]{0,60}\b(?:what|how)\b[^.?!]{0,60}\b(?:said|says|showed|shows|stated|read|reads) (?:on|in) (?:it|the (?:recording|tape|video|footage|letter|document|email|contract|photo))\b|\b(?:doesn'?t|does not|didn'?t|did not|won'?t|without) (?:offer|introduc|produc|play|show)\w* (?:the )?(?:recording|tape|video|footage|letter|document|contract|original)\b/g,
      String.raw`testif\w*|witness\w*|trial|objects?|objection|admi(?:t|ssible)\w*`,
    ),
    "$& best evidence rule original writing recording content",
  ],
];

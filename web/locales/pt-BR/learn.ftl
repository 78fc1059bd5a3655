# The rules pages' own words: navigation, positions to try, games to step through.

learn-try-not-allowed = As regras não permitem esse lance aqui.
learn-try-quiet = Esse lance é permitido, mas não é uma captura; há um jeito de capturar { $most ->
    [one] uma peça
   *[other] { $most } peças
}.
learn-try-fewer = Esse lance é permitido, mas captura { $n ->
    [one] uma peça
   *[other] { $n } peças
}; há um jeito de capturar { $most ->
    [one] uma peça
   *[other] { $most } peças
}.
learn-try-other = Esse lance é permitido, mas não é o lance de que esta regra trata.

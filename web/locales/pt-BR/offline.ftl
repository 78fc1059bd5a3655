# A página "sem conexão" (web/offline.html): o service worker a mostra quando uma página
# precisa do servidor e não há rede. Lida do cache do navegador, sozinha.

offline-page-title = Sem conexão - Checkerhall
offline-title = Você está sem conexão
offline-why = O Checkerhall não consegue falar com o servidor agora, então esta página não está disponível.
offline-works = O que funciona sem rede
offline-rules = As regras de todos os jogos, com lições e exercícios:
offline-game-neva = Damas Neva
offline-game-queah = Queah
offline-game-giveandtake = Give and Take
offline-game-stockholm = Damas de Estocolmo
offline-needs = O que precisa de rede
offline-needs-what = Jogar e assistir partidas, o lobby, as suas partidas, o histórico, os torneios, a classificação e a sua conta. Tudo volta assim que a conexão voltar.
offline-try-again = Tentar de novo

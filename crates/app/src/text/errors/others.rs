//! Records, settings, tournaments, limits, the store and the rest.

use super::*;

/// The text of `e`, if it is one of these errors.
pub(super) fn error(e: &AppError) -> Option<Bi> {
    use AppError as E;
    Some(match e {
        E::NoPgn(g) => both(|l| {
            Text::fill(
                pick(
                    l,
                    "PGN is for the chess games; {} records come as text: `export` or `export text`.",
                    "El PGN es para los ajedreces; las partidas de {} se exportan como texto: `exportar` o `exportar texto`.",
                ),
                [t(g.info().name(l))],
            )
        }),
        E::NoGameNumbered(n) => tr(
            "There is no game #{} in this channel, ongoing or finished.",
            "No hay ninguna partida #{} en este canal, ni en curso ni terminada.",
            &[t(n.to_string())],
        ),
        E::NoGameToShow => tr(
            "You have played no game here yet; give its number: `replay #3`.",
            "Aún no has jugado ninguna partida aquí; da su número: `repeticion #3`.",
            &[],
        ),
        E::BadOrientation(w) => tr(
            "`{}` is no orientation: `orientation white` (White at the bottom) or `orientation turn` (the player to move at the bottom).",
            "`{}` no es una orientación: `orientacion blancas` (blancas abajo) u `orientacion turno` (abajo quien mueve).",
            &[t(quote(w))],
        ),
        E::BadWeb(w) => tr(
            "`{}` is neither on nor off: `web list on` shows this chat's games on the web, `web list off` hides them.",
            "`{}` no es ni sí ni no: `web lista si` muestra las partidas de este chat en la web, `web lista no` las oculta.",
            &[t(quote(w))],
        ),
        E::Tournament(e) => crate::text::tournament_errors::error(e),
        E::NotManager => tr(
            "Only someone who can manage this chat can choose whether its games are listed on the web. Nothing changed.",
            "Solo quien puede administrar este chat puede elegir si sus partidas aparecen en la web. No ha cambiado nada.",
            &[],
        ),
        E::NotOperator => tr(
            "Only the bot's operator can revoke the play links (`web links reset` in the console): they are every chat's. Nothing changed.",
            "Solo quien opera el bot puede revocar los enlaces para jugar (`web enlaces restablecer` en la consola): son los de todos los chats. No ha cambiado nada.",
            &[],
        ),
        E::WebDirect => tr(
            "Games of a direct chat are never listed on the web; each still has its own page, reached by its link. Nothing changed.",
            "Las partidas de un chat directo nunca aparecen en la web; cada una tiene su página, a la que se llega por su enlace. No ha cambiado nada.",
            &[],
        ),
        E::BadLang(w) => tr(
            "`{}` is not a language I speak: `en` or `es`.",
            "`{}` no es un idioma que hable: `en` o `es`.",
            &[t(w.clone())],
        ),
        E::Unreadable(why) => tr(
            "A stored game could not be read ({}); nothing changed.",
            "No se pudo leer una partida guardada ({}); no ha cambiado nada.",
            &[t(why.clone())],
        ),
        E::Limit(limit) => {
            let (en, es, n) = match *limit {
                // One is said in words: "1 games" reads wrong.
                Limit::ChallengesPerUser(1) => (
                    "You already have an open challenge, counting every chat: wait for an answer or `cancel` it first. Nothing changed.",
                    "Ya tienes un desafío abierto, contando todos los chats: espera una respuesta o cancélalo (`cancelar`) antes. No ha cambiado nada.",
                    1,
                ),
                Limit::ChallengesPerChannel(1) => (
                    "This channel already has an open challenge: accept it or let it expire first. Nothing changed.",
                    "Este canal ya tiene un desafío abierto: acéptalo o deja que caduque antes. No ha cambiado nada.",
                    1,
                ),
                Limit::GamesPerUser(1) => (
                    "A player may have only one game going at once: finish it first. Nothing changed.",
                    "Cada jugador puede tener solo una partida en curso a la vez: termínala antes. No ha cambiado nada.",
                    1,
                ),
                Limit::BotGamesPerUser(1) => (
                    "You already play a game against me: finish it first. Nothing changed.",
                    "Ya juegas una partida contra mí: termínala antes. No ha cambiado nada.",
                    1,
                ),
                Limit::ChallengesPerUser(n) => (
                    "You already have {} open challenges, counting every chat: wait for an answer or `cancel` one first. Nothing changed.",
                    "Ya tienes {} desafíos abiertos, contando todos los chats: espera una respuesta o cancela uno (`cancelar`) antes. No ha cambiado nada.",
                    n,
                ),
                Limit::ChallengesPerChannel(n) => (
                    "This channel already has {} open challenges: accept or let some expire first. Nothing changed.",
                    "Este canal ya tiene {} desafíos abiertos: acepta alguno o deja que caduquen antes. No ha cambiado nada.",
                    n,
                ),
                Limit::GamesPerUser(n) => (
                    "A player may have at most {} games going at once: finish one first. Nothing changed.",
                    "Cada jugador puede tener como mucho {} partidas en curso a la vez: termina alguna antes. No ha cambiado nada.",
                    n,
                ),
                Limit::BotGamesPerUser(n) => (
                    "You already play {} games against me: finish one first. Nothing changed.",
                    "Ya juegas {} partidas contra mí: termina alguna antes. No ha cambiado nada.",
                    n,
                ),
                Limit::CommandsPerMinute(n) => (
                    "That is more than {} messages a minute: I'll answer again in a minute.",
                    "Son más de {} mensajes por minuto: volveré a contestarte dentro de un minuto.",
                    n,
                ),
                // (No number: the template has no place for one.)
                Limit::Busy => (
                    "I'm still drawing something you asked for: try again in a moment. Nothing changed.",
                    "Aún estoy dibujando algo que me pediste: vuelve a intentarlo en un momento. No ha cambiado nada.",
                    0,
                ),
            };
            tr(en, es, &[t(n.to_string())])
        }
        E::Store(StoreFailure::Corrupt) => tr(
            "That record could not be read; it has been set aside for the operator. Nothing changed.",
            "No se pudo leer ese registro; se ha apartado para el administrador. No ha cambiado nada.",
            &[],
        ),
        E::Store(StoreFailure::Db) => tr(
            "Storage failed, so nothing changed. Please try again.",
            "Falló el almacenamiento, así que no ha cambiado nada. Vuelve a intentarlo.",
            &[],
        ),
        E::NotASquare { .. }
        | E::EmptySquare { .. }
        | E::NotToMovePiece { .. }
        | E::NoMovesFrom { .. }
        | E::WhichPiece { .. }
        | E::HintVsPeople(_)
        | E::LearnLevel => crate::text::learn::error(e),
        E::Inline(e) => crate::text::inline::error(e),
        E::NotFinished(n) => tr(
            "Game #{} is still being played; a review comes once it has ended: `review #{}`.",
            "La partida #{} aún se está jugando; el análisis llega cuando termine: `analisis #{}`.",
            &[t(n.to_string()), t(n.to_string())],
        ),
        E::NothingToReview => tr(
            "You have no finished game here yet; give the number of the game to review: `review #3`.",
            "Aún no tienes ninguna partida terminada aquí; da el número de la partida que analizar: `analisis #3`.",
            &[],
        ),
        _ => return None,
    })
}

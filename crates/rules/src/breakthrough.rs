//! PLACEHOLDER: replaced by the game's implementation.

use crate::*;

#[derive(Clone, Debug)]
pub struct Breakthrough;

impl Game for Breakthrough {
    type Move = u8;
    const ID: GameId = GameId::Breakthrough;
    fn new(_: &Setup) -> Result<Self, SetupError> {
        todo!()
    }
    fn turn(&self) -> Turn {
        todo!()
    }
    fn legal_moves(&self, _: &mut Vec<u8>) {
        todo!()
    }
    fn play(&mut self, _: u8) {
        todo!()
    }
    fn outcome(&self) -> Option<Outcome> {
        todo!()
    }
    fn move_text(&self, _: u8) -> String {
        todo!()
    }
    fn parse_move(&self, _: &str) -> Result<u8, MoveError> {
        todo!()
    }
    fn move_origin(&self, _: u8) -> Option<Cell> {
        todo!()
    }
    fn position_text(&self) -> String {
        todo!()
    }
    fn from_position_text(_: &str) -> Result<Self, PositionError> {
        todo!()
    }
    fn view(&self) -> BoardView {
        todo!()
    }
}
